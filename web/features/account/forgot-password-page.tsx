import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgotBody } from '../../../shared/schemas/users';
import { normalizePhone } from '../../../shared/domain/phone';
import { FormField } from '../../components/form-field';
import { KeyIcon } from '../../components/page-icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePostedForm } from '../../lib/posted-form';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { useForgotPassword } from './api/password-reset';

const FIELDS = ['login'] as const;

/**
 * Issue 21: "forgot password?". A phone number gets a code by SMS (the next screen asks for it);
 * an e-mail address gets a link. The answer is the same whether an account has the login.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot_title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const posted = usePostedForm(paths.passwordForgot);
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(FIELDS, posted?.errors);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = forgotBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await forgot.mutateAsync({ login: parsed.data.login });
      const phone = normalizePhone(parsed.data.login);
      const next = new URLSearchParams({ login: phone ?? parsed.data.login.trim() });
      if (!phone) next.set('sent', 'mail');
      navigate(`${paths.passwordReset}?${next}`);
    } catch (error) {
      fromError(error);
    }
  }

  return (
    <AccountCard
      title={t('forgot_title')}
      intro={t('forgot_intro')}
      icon={<KeyIcon size={28} />}
      footer={<Link to={paths.signIn}>{t('back_to_sign_in')}</Link>}
    >
      <AccountForm
        formRef={formRef}
        action={paths.passwordForgot}
        onSubmit={onSubmit}
        general={errors.general}
        loading={forgot.isPending}
        loadingLabel={t('sending')}
        submitLabel={t('send_code')}
      >
        <FormField
          name="login"
          label={t('login')}
          errors={errors.fields.login}
          autoComplete="username"
          defaultValue={posted?.values.login ?? params.get('login') ?? ''}
          dir="ltr"
          autoFocus
        />
      </AccountForm>
    </AccountCard>
  );
}

export { ForgotPasswordPage as Component };
