import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_CODES } from '../../../shared/constants';
import { resetBody } from '../../../shared/schemas/users';
import { asciiDigits } from '../../../shared/domain/normalize';
import { FormField } from '../../components/form-field';
import { KeyIcon } from '../../components/page-icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePostedForm } from '../../lib/posted-form';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { AccountCard } from './account-card';
import { AccountForm, NewPasswordFields } from './account-form';
import { useResetPassword } from './api/password-reset';

const FIELDS = ['code', 'password', 'password_confirmation'] as const;

/**
 * Issue 21: the code from the SMS (first step), then the new password (second step). The link of
 * an e-mail carries its token: it opens straight on the new password. A refused code brings the
 * first step back with the error; a right one signs the user in here and ends their other sessions.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('reset_title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Posted before the scripts arrived (lib/posted-form.ts): the code's step goes on to the
  // password's; a refused code brings the code's step back with its error, as below.
  const posted = usePostedForm(paths.passwordReset);
  const login = params.get('login') ?? posted?.values.login ?? '';
  const token = params.get('token');
  const codeRefused = !!posted && !!(posted.errors.code || posted.errors.login);
  const fromCodeStep = posted?.values.step === 'code';
  const [code, setCode] = useState(token ?? posted?.values.code ?? '');
  const [step, setStep] = useState<'code' | 'password'>(
    token || (posted && !codeRefused) ? 'password' : 'code',
  );
  const reset = useResetPassword();
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(
    FIELDS,
    fromCodeStep && !codeRefused ? undefined : posted?.errors,
  );

  if (!login) {
    return (
      <AccountCard title={t('reset_title')} icon={<KeyIcon size={28} />}>
        <p>
          <Link to={paths.passwordForgot}>{t('forgot_password')}</Link>
        </p>
      </AccountCard>
    );
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = asciiDigits(formValues(event.currentTarget).code ?? '').replace(/\s/g, '');
    if (!new RegExp(`^\\d{${ACCOUNT_CODES.digits}}$`).test(typed)) {
      return fromIssues([{ path: ['code'], message: 'code_format' }]);
    }
    clear();
    setCode(typed);
    setStep('password');
  }

  async function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = formValues(event.currentTarget);
    const values = {
      login,
      code,
      password: typed.password ?? '',
      password_confirmation: typed.password_confirmation ?? '',
    };
    const parsed = resetBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await reset.mutateAsync(values);
      navigate(paths.home, { replace: true });
    } catch (error) {
      fromError(error);
      if (!token) setStep('code');
    }
  }

  const sentByMail = params.get('sent') === 'mail';
  if (step === 'code') {
    return (
      <AccountCard
        title={t('reset_code_title')}
        intro={sentByMail ? t('reset_mail_sent') : t('reset_code_intro', { login })}
        icon={<KeyIcon size={28} />}
        footer={
          <Link to={`${paths.passwordForgot}?login=${encodeURIComponent(login)}`}>
            {t('send_code_again')}
          </Link>
        }
      >
        {!sentByMail && (
          <AccountForm
            formRef={formRef}
            action={paths.passwordReset}
            onSubmit={onCode}
            general={errors.general}
            loading={false}
            loadingLabel={t('saving')}
            submitLabel={t('continue')}
          >
            <FormField
              key="code"
              name="code"
              label={t('code')}
              errors={errors.fields.code}
              autoComplete="one-time-code"
              inputMode="numeric"
              dir="ltr"
              defaultValue={code}
              maxLength={20}
              autoFocus
            />
            <input type="hidden" name="login" value={login} />
            <input type="hidden" name="step" value="code" />
          </AccountForm>
        )}
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('reset_title')} intro={t('reset_intro')} icon={<KeyIcon size={28} />}>
      <AccountForm
        formRef={formRef}
        action={paths.passwordReset}
        onSubmit={onPassword}
        general={[...errors.general, ...(errors.fields.code ?? [])]}
        loading={reset.isPending}
        loadingLabel={t('saving')}
        submitLabel={t('reset_submit')}
      >
        <input type="hidden" name="username" autoComplete="username" value={login} />
        <input type="hidden" name="login" value={login} />
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="step" value="password" />
        <NewPasswordFields name="password" errors={errors.fields} />
      </AccountForm>
    </AccountCard>
  );
}

export { ResetPasswordPage as Component };
