import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SavedSearch } from '../../../shared/schemas/searches';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-field';
import { BookmarkIcon } from '../../components/icons';
import { SearchSummary, readSearch } from '../search';
import { TrashIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { RelativeTime } from '../../components/relative-time';
import { UserText } from '../../components/user-text';
import { formErrorsOf } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import { useMe } from '../../lib/use-me';
import { useDeleteSearch } from './api/delete-search';
import { useSavedSearches } from './api/list-searches';
import { useMarkSearchSeen } from './api/mark-search-seen';
import { savedSearchHref, savedSearchParams } from './search-href';
import './my-searches.css';
import { Redirect } from '../../components/redirect';

// "My searches" (issue 18 item 2): the signed-in user's saved searches, each with the number of
// new matching offers since it was last opened; open (the search page with its filters, and the
// count starts again) and delete (after a confirmation).

function SavedSearchItem({
  search,
  onDelete,
}: {
  search: SavedSearch;
  onDelete: (search: SavedSearch) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seen = useMarkSearchSeen();
  const href = savedSearchHref(search.query);
  // Every criterion, not only the words (issue 35 item 16), read as the search page reads it.
  const criteria = readSearch(savedSearchParams(search.query));

  async function open() {
    // Seen even if the call fails: the search page is what the user asked for.
    await seen.mutateAsync(search.id).catch(() => undefined);
    void navigate(href);
  }

  return (
    <li className="saved-search">
      <div className="saved-search__main">
        <p className="saved-search__name">
          <UserText text={search.name} />
          {search.new_count > 0 && (
            <span className="saved-search__new">
              {t('saved_search_new', { count: search.new_count })}
            </span>
          )}
        </p>
        <SearchSummary search={criteria} />
        <p className="saved-search__meta">
          <RelativeTime date={search.created_at} className="saved-search__date" />
        </p>
      </div>
      <div className="saved-search__actions">
        <a
          href={href}
          className="button button--primary saved-search__open"
          onClick={(event) => {
            event.preventDefault();
            void open();
          }}
        >
          {t('saved_search_open')}
        </a>
        <button
          type="button"
          className="icon-button saved-search__delete"
          aria-label={t('delete')}
          title={t('delete')}
          onClick={() => onDelete(search)}
        >
          <TrashIcon size={18} />
        </button>
      </div>
    </li>
  );
}

export function MySearchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('my_searches'));
  const me = useMe();
  const searches = useSavedSearches(!!me.data);
  const remove = useDeleteSearch();
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // Opened from a grouped search_match notification: that notification is read.
  const [params] = useSearchParams();
  useMarkNotificationRead(params.get('notification'));

  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.mySearches)}`} />;
  }

  async function confirmDelete() {
    if (!deleting) return;
    setErrors([]);
    try {
      await remove.mutateAsync(deleting.id);
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
    setDeleting(null);
  }

  return (
    <div className="container my-searches">
      <header className="page-header">
        <h1 className="page-header__title">{t('my_searches')}</h1>
      </header>
      <p className="my-searches__intro">{t('my_searches_intro')}</p>
      <FormAlert messages={errors} />
      {searches.isPending ? (
        <Loader block />
      ) : searches.isError ? (
        <FormAlert messages={formErrorsOf(searches.error, []).general} />
      ) : searches.data.length === 0 ? (
        <EmptyState
          icon={<BookmarkIcon size={32} />}
          title={t('my_searches_empty')}
          text={t('my_searches_empty_text')}
          action={
            <Link to={paths.search} className="button button--primary">
              {t('search_title')}
            </Link>
          }
        />
      ) : (
        <ul className="my-searches__list">
          {searches.data.map((search) => (
            <SavedSearchItem key={search.id} search={search} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmModal
        open={deleting !== null}
        message={t('saved_search_delete_confirm', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export { MySearchesPage as Component };
