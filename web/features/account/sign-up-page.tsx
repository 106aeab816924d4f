import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { withNotice } from '../../lib/notice';
import { registerBody } from '../../../shared/schemas/users';
import { FormField } from '../../components/form-field';
import { UserIcon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { paths, safeNext } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePostedForm } from '../../lib/posted-form';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { AccountCard } from './account-card';
import { AccountForm, NewPasswordFields } from './account-form';
import { useSignUp } from './api/sign-up';

const FIELDS = [
  'first_name',
  'last_name',
  'phone_1',
  'email',
  'password',
  'password_confirmation',
] as const;

export function SignUpPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('sign_up_title'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const posted = usePostedForm(paths.signUp);
  const typed = posted?.values ?? {};
  const {
    formRef,
    errors: formErrors,
    clear,
    fromIssues,
    fromError,
  } = useFormErrors(FIELDS, posted?.errors);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const language = currentLanguage();
    const parsed = registerBody.safeParse({ ...values, language });
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      await signUp.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        phone_1: values.phone_1,
        email: values.email,
        password: values.password,
        password_confirmation: values.password_confirmation,
        language,
      });
      navigate(next, { replace: true, state: withNotice('notice_signed_up') });
    } catch (error) {
      fromError(error);
    }
  }

  const errors = formErrors.fields;
  const signInLink = params.get('next')
    ? `${paths.signIn}?next=${encodeURIComponent(next)}`
    : paths.signIn;
  return (
    <AccountCard
      title={t('sign_up_title')}
      intro={t('sign_up_intro')}
      icon={<UserIcon size={28} />}
      footer={
        <>
          {t('have_account')} <Link to={signInLink}>{t('sign_in')}</Link>
        </>
      }
    >
      <AccountForm
        formRef={formRef}
        action={paths.signUp}
        next={next}
        onSubmit={onSubmit}
        general={formErrors.general}
        loading={signUp.isPending}
        loadingLabel={t('creating_account')}
        submitLabel={t('create_account')}
      >
        <div className="form__row">
          <FormField
            name="first_name"
            defaultValue={typed.first_name}
            label={t('first_name')}
            errors={errors.first_name}
            autoComplete="given-name"
            maxLength={60}
          />
          <FormField
            name="last_name"
            defaultValue={typed.last_name}
            label={t('last_name')}
            errors={errors.last_name}
            autoComplete="family-name"
            maxLength={60}
          />
        </div>
        <FormField
          name="phone_1"
          defaultValue={typed.phone_1}
          type="tel"
          label={t('phone_1')}
          hint={t('phone_hint')}
          errors={errors.phone_1}
          autoComplete="tel-national"
          inputMode="tel"
          dir="ltr"
        />
        <FormField
          name="email"
          defaultValue={typed.email}
          type="email"
          label={t('email')}
          hint={t('email_hint')}
          optional
          errors={errors.email}
          autoComplete="email"
          dir="ltr"
        />
        <input type="hidden" name="language" value={i18n.language} />
        <NewPasswordFields name="password" errors={errors} />
        <p className="form__note">{t('account_terms')}</p>
      </AccountForm>
    </AccountCard>
  );
}

export { SignUpPage as Component };
