import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import type { Errors } from '../../lib/http';

interface AccountFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's general errors, above the fields. */
  general: string[];
  /** Shown above the general errors (a success message). */
  status?: ReactNode;
  loading: boolean;
  loadingLabel: string;
  submitLabel: string;
  children: ReactNode;
}

/** The form of an account screen: general errors on top, the fields, one wide submit button. */
export function AccountForm({
  formRef,
  onSubmit,
  general,
  status,
  loading,
  loadingLabel,
  submitLabel,
  children,
}: AccountFormProps) {
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      {status}
      <FormAlert messages={general} />
      {children}
      <SubmitButton loading={loading} loadingLabel={loadingLabel} className="button--block">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** A new password and its confirmation (`{name}` and `{name}_confirmation`). */
export function NewPasswordFields({
  name,
  errors,
}: {
  name: 'password' | 'new_password';
  errors: Errors;
}) {
  const { t } = useTranslation();
  const confirmation = `${name}_confirmation` as const;
  return (
    <>
      <FormField
        name={name}
        type="password"
        label={t(name)}
        hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
        errors={errors[name]}
        autoComplete="new-password"
      />
      <FormField
        name={confirmation}
        type="password"
        label={t(confirmation)}
        errors={errors[confirmation]}
        autoComplete="new-password"
      />
    </>
  );
}
