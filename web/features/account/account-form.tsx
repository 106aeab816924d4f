import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import type { Errors } from '../../lib/http';
import { XsrfField } from '../../lib/posted-form';

interface AccountFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  /**
   * Where the form posts when sent before the scripts have arrived (the API path the server also
   * answers as a form, server/plugins/no-script-forms.ts); the app's own submit handler otherwise.
   * None: the page's own address, where the server answers that the form needs the app.
   */
  action?: string;
  /** Where to go once done, for the script-less post (the app navigates itself). */
  next?: string;
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
  action,
  next,
  onSubmit,
  general,
  status,
  loading,
  loadingLabel,
  submitLabel,
  children,
}: AccountFormProps) {
  return (
    <form
      ref={formRef}
      className="form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
    >
      <XsrfField />
      {next !== undefined && <input type="hidden" name="next" value={next} />}
      {status}
      <FormAlert messages={general} />
      {children}
      <SubmitButton loading={loading} loadingLabel={loadingLabel} className="button--block">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * A new password and its confirmation (`{name}` and `{name}_confirmation`); `values`: what the
 * person typed before the form was shown again (the reset's code step came back in between).
 */
export function NewPasswordFields({
  name,
  errors,
  values = {},
}: {
  name: 'password' | 'new_password';
  errors: Errors;
  values?: Partial<Record<string, string>>;
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
        defaultValue={values[name]}
      />
      <FormField
        name={confirmation}
        type="password"
        label={t(confirmation)}
        errors={errors[confirmation]}
        autoComplete="new-password"
        defaultValue={values[confirmation]}
      />
    </>
  );
}
