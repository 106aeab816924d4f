import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { passwordBody } from '../../../shared/schemas/users';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import { CheckIcon, KeyIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { useMe } from '../../lib/use-me';
import { AccountCard } from './account-card';
import { useChangePassword } from './api/account';

const FIELDS = ['old_password', 'new_password', 'new_password_confirmation'] as const;

export function PasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('password_change_title'));
  const me = useMe();
  const change = useChangePassword();
  const { formRef, errors: formErrors, clear, fromIssues, fromError } = useFormErrors(FIELDS);
  const [done, setDone] = useState(false);

  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return (
      <Navigate to={`${paths.signIn}?next=${encodeURIComponent(paths.passwordChange)}`} replace />
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = formValues(element);
    setDone(false);
    const parsed = passwordBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await change.mutateAsync({
        old_password: values.old_password,
        new_password: values.new_password,
        new_password_confirmation: values.new_password_confirmation,
      });
      element.reset();
      setDone(true);
    } catch (error) {
      fromError(error);
    }
  }

  const errors = formErrors.fields;
  return (
    <AccountCard
      title={t('password_change_title')}
      intro={t('password_change_intro')}
      icon={<KeyIcon size={28} />}
    >
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {done && (
          <div className="alert alert--success" role="status">
            <CheckIcon className="alert__icon" />
            <p>{t('password_changed')}</p>
          </div>
        )}
        <FormAlert messages={formErrors.general} />
        <input type="hidden" name="username" autoComplete="username" value={me.data.phone_1} />
        <FormField
          name="old_password"
          type="password"
          label={t('old_password')}
          errors={errors.old_password}
          autoComplete="current-password"
        />
        <FormField
          name="new_password"
          type="password"
          label={t('new_password')}
          hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
          errors={errors.new_password}
          autoComplete="new-password"
        />
        <FormField
          name="new_password_confirmation"
          type="password"
          label={t('new_password_confirmation')}
          errors={errors.new_password_confirmation}
          autoComplete="new-password"
        />
        <SubmitButton
          loading={change.isPending}
          loadingLabel={t('saving')}
          className="button--block"
        >
          {t('change_password')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

export { PasswordPage as Component };
