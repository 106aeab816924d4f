import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { SAVED_SEARCH_NAME_MAX } from '../../../../shared/constants';
import { FormAlert, FormField, SubmitButton } from '../../../components/form-field';
import { BookmarkIcon, CheckIcon } from '../../../components/icons';
import { formErrorsOf, noErrors } from '../../../lib/form-errors';
import { afterDictionary } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { useSaveSearch } from '../api/save-search';
import './save-search.css';

// The dialog's code comes when it first opens, not with the search page.
const Modal = lazy(() =>
  afterDictionary(import('../../../components/modal')).then((m) => ({ default: m.Modal })),
);

interface SaveSearchButtonProps {
  /** The search body of SPEC §7 the page runs (its page is not kept). */
  query: Record<string, unknown>;
  /** The name offered: the words searched for. */
  defaultName: string;
}

/**
 * "Save this search" (issue 18 item 2): asks for a name (the words searched for, to start with)
 * and saves the current filters; the user is then told of new matching offers.
 */
export function SaveSearchButton({ query, defaultName }: SaveSearchButtonProps) {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState(noErrors);
  if (!me.data) return null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setErrors(noErrors);
    try {
      await save.mutateAsync({ name, query });
      setOpen(false);
      setSaved(true);
    } catch (error) {
      setErrors(formErrorsOf(error, ['name']));
    }
  }

  return (
    <div className="save-search">
      {saved ? (
        <p className="save-search__done" role="status">
          <CheckIcon size={18} />
          <span>{t('search_saved')}</span>
          <Link to={paths.mySearches}>{t('my_searches')}</Link>
        </p>
      ) : (
        <button
          type="button"
          className="button button--secondary save-search__button"
          onClick={() => setOpen(true)}
        >
          <BookmarkIcon size={18} />
          {t('save_this_search')}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <Modal title={t('save_this_search')} onClose={() => setOpen(false)} size="small">
            <form method="post" className="save-search__form" onSubmit={onSubmit} noValidate>
              <p className="save-search__hint">{t('save_search_hint')}</p>
              <FormField
                name="name"
                label={t('saved_search_name')}
                defaultValue={defaultName}
                maxLength={SAVED_SEARCH_NAME_MAX}
                required
                autoFocus
                dir="auto"
                errors={errors.fields.name}
              />
              <FormAlert messages={errors.general} />
              <div className="modal__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setOpen(false)}
                >
                  {t('cancel')}
                </button>
                <SubmitButton loading={save.isPending}>{t('save_search_submit')}</SubmitButton>
              </div>
            </form>
          </Modal>
        </Suspense>
      )}
    </div>
  );
}
