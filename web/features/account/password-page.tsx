import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { passwordBody } from '../../../shared/schemas/users';
import { FormField } from '../../components/form-field';
import { CheckIcon } from '../../components/icons';
import { KeyIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { useMe } from '../../lib/use-me';
import { AccountCard } from './account-card';
import { AccountForm, NewPasswordFields } from './account-form';
import { useChangePassword } from './api/change-password';
import { Redirect } from '../../components/redirect';

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
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.passwordChange)}`} />;
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
      <AccountForm
        formRef={formRef}
        onSubmit={onSubmit}
        general={formErrors.general}
        status={
          done && (
            <div className="alert alert--success" role="status">
              <CheckIcon className="alert__icon" />
              <p>{t('password_changed')}</p>
            </div>
          )
        }
        loading={change.isPending}
        loadingLabel={t('saving')}
        submitLabel={t('change_password')}
      >
        <input type="hidden" name="username" autoComplete="username" value={me.data.phone_1} />
        <FormField
          name="old_password"
          type="password"
          label={t('old_password')}
          errors={errors.old_password}
          autoComplete="current-password"
        />
        <NewPasswordFields name="new_password" errors={errors} />
      </AccountForm>
    </AccountCard>
  );
}

export { PasswordPage as Component };
