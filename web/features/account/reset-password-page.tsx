import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetBody } from '../../../shared/schemas/users';
import { parseDigitCode } from '../../../shared/domain/one-time-code';
import { FormField } from '../../components/form-field';
import { KeyIcon } from '../../components/page-icons';
import { HttpError } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePostedForm } from '../../lib/posted-form';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { AccountCard } from './account-card';
import { AccountForm, NewPasswordFields } from './account-form';
import { useCheckResetCode, useResetPassword } from './api/password-reset';

const FIELDS = ['code', 'password', 'password_confirmation'] as const;

/**
 * Issue 21: the code from the SMS (first step), then the new password (second step). The link of
 * an e-mail carries its token: it opens straight on the new password. Issue 35 item 15: the code is
 * checked by the server on its own step (POST /password/code) before the password is asked for; a
 * code refused at the end after all (expired meanwhile) brings the first step back with the error,
 * and the passwords typed are kept for when the person comes back. A right code signs the user in
 * here and ends their other sessions.
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
  /** The new password as typed, kept while the code's step is shown again. */
  const [typed, setTyped] = useState<{ password?: string; password_confirmation?: string }>({});
  const check = useCheckResetCode();
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

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseDigitCode(formValues(event.currentTarget).code ?? '');
    if (parsed === null) return fromIssues([{ path: ['code'], message: 'code_format' }]);
    clear();
    try {
      await check.mutateAsync({ login, code: parsed });
    } catch (error) {
      return fromError(error);
    }
    setCode(parsed);
    setStep('password');
  }

  async function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = formValues(event.currentTarget);
    const values = {
      login,
      code,
      password: form.password ?? '',
      password_confirmation: form.password_confirmation ?? '',
    };
    const parsed = resetBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await reset.mutateAsync(values);
      navigate(paths.home, { replace: true });
    } catch (error) {
      fromError(error);
      // Only a refused code goes back to its step (the passwords kept); other errors stay here.
      if (!token && isCodeRefusal(error)) {
        setTyped({
          password: values.password,
          password_confirmation: values.password_confirmation,
        });
        setStep('code');
      }
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
            loading={check.isPending}
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
        <NewPasswordFields name="password" errors={errors.fields} values={typed} />
      </AccountForm>
    </AccountCard>
  );
}

/** The server refused the code (or the login it goes with), not the new password. */
function isCodeRefusal(error: unknown): boolean {
  return error instanceof HttpError && !!(error.errors.code || error.errors.login);
}

export { ResetPasswordPage as Component };
