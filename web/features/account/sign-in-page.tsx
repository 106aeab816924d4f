import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginBody } from '../../../shared/schemas/users';
import { FormField } from '../../components/form-field';
import { LoginIcon } from '../../components/page-icons';
import { http, readCookie } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';
import { paths, safeNext } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { useMe } from '../../lib/use-me';
import { usePostedForm } from '../../lib/posted-form';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { useSignIn } from './api/sign-in';

const FIELDS = ['login', 'password'] as const;
/** The language a visitor chose with the header's link (server/plugins/pages.ts). */
const LANGUAGE_COOKIE = 'lang';

/**
 * The keyboard of the login field (issue 20 item 14): a phone's digits once the visitor starts
 * with a digit or '+' (Western or Arabic-Indic), else the e-mail keyboard.
 */
const keyboardFor = (value: string): 'email' | 'tel' =>
  /^[\s+\d\u0660-\u0669\u06f0-\u06f9]/.test(value) ? 'tel' : 'email';
export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('sign_in_title'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const { data: me } = useMe();
  const signIn = useSignIn();
  const posted = usePostedForm(paths.signIn);
  const {
    formRef,
    errors: formErrors,
    clear,
    fromIssues,
    fromError,
  } = useFormErrors(FIELDS, posted?.errors);
  const [loginKeyboard, setLoginKeyboard] = useState<'email' | 'tel'>('email');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      const user = await signIn.mutateAsync({ login: values.login, password: values.password });
      const device = currentLanguage();
      if (user.language && user.language !== device) {
        if (readCookie(LANGUAGE_COOKIE) === device) {
          // A language chosen on this device (its link sets the cookie) wins over the account's
          // (issue 20 item 15): the page stays, and the account takes the choice through the
          // XSRF-checked POST /localisation/{lang}.
          await http.post(paths.localisation(device)).catch(() => {
            // Not saved: this device keeps its choice (the cookie) all the same.
          });
        } else {
          // Nothing chosen here: the page follows the account's language (DESIGN §3), which
          // needs a fresh page.
          window.location.assign(next);
          return;
        }
      }
      navigate(next, { replace: true });
    } catch (error) {
      fromError(error);
    }
  }

  const signUpLink = params.get('next')
    ? `${paths.signUp}?next=${encodeURIComponent(next)}`
    : paths.signUp;
  return (
    <AccountCard
      title={t('sign_in_title')}
      intro={me ? t('already_signed_in') : t('sign_in_intro')}
      icon={<LoginIcon size={28} />}
      footer={
        <>
          {t('no_account')} <Link to={signUpLink}>{t('sign_up')}</Link>
        </>
      }
    >
      <AccountForm
        formRef={formRef}
        action={paths.signIn}
        next={next}
        onSubmit={onSubmit}
        general={formErrors.general}
        loading={signIn.isPending}
        loadingLabel={t('signing_in')}
        submitLabel={t('sign_in')}
      >
        <FormField
          name="login"
          label={t('login')}
          errors={formErrors.fields.login}
          defaultValue={posted?.values.login}
          autoComplete="username"
          inputMode={loginKeyboard}
          onChange={(event) => setLoginKeyboard(keyboardFor(event.target.value))}
          dir="ltr"
          autoFocus
        />
        <FormField
          name="password"
          type="password"
          label={t('password')}
          errors={formErrors.fields.password}
          autoComplete="current-password"
        />
        <p>
          <Link to={paths.passwordForgot}>{t('forgot_password')}</Link>
        </p>
      </AccountForm>
    </AccountCard>
  );
}

export { SignInPage as Component };
