import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { BookmarkIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useFavorites, useRemoveSave } from './api/products';
import { ProductResults } from './components/product-results';
import { TypeSwitch } from './components/type-switch';
import { listHref, readListParams } from './list-params';

/** /saved: the signed-in user's saved offers or demands (DESIGN §4), newest save first. */
export function SavedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('saved_title'));
  const location = useLocation();
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const { type, page } = readListParams(params);
  const saved = useFavorites(type, page, !!me);
  const remove = useRemoveSave();
  const [removing, setRemoving] = useState<number | null>(null);

  if (me === undefined) return <Loader block />;
  if (me === null) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.signIn}?next=${next}`} replace />;
  }

  async function confirmRemove() {
    if (removing === null) return;
    try {
      await remove.mutateAsync(removing);
      setRemoving(null);
    } catch {
      // SPEC §8: a failed save or unsave leaves its loading state on; the dialog stays open.
    }
  }

  return (
    <div className="container">
      <header className="page-header">
        <h1 className="page-header__title">{t('saved_title')}</h1>
      </header>
      <div className="results__header">
        <TypeSwitch
          current={type}
          hrefFor={(next) => listHref(paths.saved, { type: next, page: 1 })}
          labels={{ offer: 'saved_offers', demand: 'saved_demands' }}
        />
      </div>
      <ProductResults
        query={saved}
        hrefFor={(next) => listHref(paths.saved, { type, page: next })}
        // TEMPORARY: the shared save button (with its confirmation) replaces this with the card.
        actions={(product) => (
          <button
            type="button"
            className="button button--secondary saved__remove"
            onClick={() => setRemoving(product.id)}
          >
            <BookmarkIcon size={18} />
            {t('unsave')}
          </button>
        )}
        empty={
          <EmptyState
            icon={<BookmarkIcon size={32} />}
            title={t('no_saved')}
            text={t('no_saved_hint')}
            action={
              <Link to={paths.market} className="button button--primary">
                {t('home_browse_market')}
              </Link>
            }
          />
        }
      />
      <ConfirmModal
        open={removing !== null}
        message={t('confirm_unsave')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

export { SavedPage as Component };
