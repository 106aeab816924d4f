import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { registerBody } from '../../../shared/schemas/users';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import { UserIcon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { paths, safeNext } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { AccountCard } from './account-card';
import { useSignUp } from './api/account';

const FIELDS = [
  'first_name',
  'last_name',
  'phone_1',
  'email',
  'password',
  'password_confirmation',
] as const;

export function SignUpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('sign_up_title'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const { formRef, errors: formErrors, clear, fromIssues, fromError } = useFormErrors(FIELDS);

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
      navigate(next, { replace: true });
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
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert messages={formErrors.general} />
        <div className="form__row">
          <FormField
            name="first_name"
            label={t('first_name')}
            errors={errors.first_name}
            autoComplete="given-name"
            maxLength={60}
          />
          <FormField
            name="last_name"
            label={t('last_name')}
            errors={errors.last_name}
            autoComplete="family-name"
            maxLength={60}
          />
        </div>
        <FormField
          name="phone_1"
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
          type="email"
          label={t('email')}
          hint={t('email_hint')}
          optional
          errors={errors.email}
          autoComplete="email"
          dir="ltr"
        />
        <FormField
          name="password"
          type="password"
          label={t('password')}
          hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
          errors={errors.password}
          autoComplete="new-password"
        />
        <FormField
          name="password_confirmation"
          type="password"
          label={t('password_confirmation')}
          errors={errors.password_confirmation}
          autoComplete="new-password"
        />
        <p className="form__note">{t('account_terms')}</p>
        <SubmitButton
          loading={signUp.isPending}
          loadingLabel={t('creating_account')}
          className="button--block"
        >
          {t('create_account')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

export { SignUpPage as Component };
