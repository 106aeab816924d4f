import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { exportFileName } from '../../../../shared/domain/own-data';
import { deleteAccountBody } from '../../../../shared/schemas/users';
import { FormAlert, FormField, SubmitButton } from '../../../components/form-field';
import { DownloadIcon, TrashIcon } from '../../../components/page-icons';
import { formErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import type { Me } from '../../../lib/use-me';
import { fetchOwnData, useDeleteAccount } from '../api/own-data';
import './own-data.css';

// Issue 34 item 5, in the account settings: download everything the site holds about you, and
// delete your account after typing your password again (then home, signed out: SPEC §2).

function DownloadData({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function download() {
    setBusy(true);
    setErrors([]);
    try {
      const data = await fetchOwnData();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = exportFileName(me.id, data.exported_at);
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="own-data" aria-labelledby="own-data-download">
      <h2 id="own-data-download" className="form-section__title">
        {t('own_data_title')}
      </h2>
      <p className="own-data__intro">{t('own_data_intro')}</p>
      <FormAlert messages={errors} />
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={busy}
        aria-busy={busy}
      >
        <DownloadIcon size={18} />
        {busy ? t('own_data_preparing') : t('own_data_download')}
      </button>
    </section>
  );
}

function DeleteAccount({ me }: { me: Me }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(['password']);

  // Sent here by the profile's "delete account" button (/account/profile#delete).
  useEffect(() => {
    if (window.location.hash !== '#delete') return;
    formRef.current?.scrollIntoView({ block: 'center' });
    formRef.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, [formRef]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = deleteAccountBody.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await remove.mutateAsync(parsed.data.password);
      // Signed out now: the whole app starts again, at home (SPEC §2).
      window.location.assign(paths.home);
    } catch (error) {
      fromError(error);
    }
  }

  return (
    <section className="own-data own-data--danger" aria-labelledby="delete-account">
      <h2 id="delete-account" className="form-section__title">
        {t('delete_account')}
      </h2>
      <p className="own-data__intro">{t('delete_account_intro')}</p>
      <form method="post" ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert messages={errors.general} />
        <input type="hidden" name="username" autoComplete="username" value={me.phone_1 ?? ''} />
        <FormField
          name="password"
          type="password"
          label={t('delete_account_password')}
          errors={errors.fields.password}
          autoComplete="current-password"
        />
        <SubmitButton
          loading={remove.isPending}
          loadingLabel={t('delete_account_deleting')}
          className="button--danger"
        >
          <TrashIcon size={18} />
          {t('delete_account_confirm')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** The account's own data: its download and its deletion. */
export function OwnData({ me }: { me: Me }) {
  return (
    <>
      <div className="card form-page__card">
        <DownloadData me={me} />
      </div>
      <div className="card form-page__card" id="delete">
        <DeleteAccount me={me} />
      </div>
    </>
  );
}
