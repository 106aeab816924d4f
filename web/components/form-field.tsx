import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useErrorText } from './form-alert';
import { EyeIcon, EyeOffIcon } from './page-icons';

// The form's general error lives in ./form-alert.tsx (the shell shows it without the fields).
export { FormAlert, useErrorText } from './form-alert';

interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  /** Message keys to show under the field. */
  errors?: string[];
  hint?: string;
  optional?: boolean;
  /** Another control than <input> (select, textarea…), wired with the same id and descriptions. */
  render?: (props: ControlProps) => ReactNode;
}

/** A labelled form control with its hint and its errors under it (SPEC §8). */
export function FormField({
  name,
  label,
  errors,
  hint,
  optional,
  render,
  type,
  ...inputProps
}: FormFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    name,
    'aria-invalid': !!errors?.length,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
  const password = type === 'password';
  return (
    <div className={errors?.length ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> ({t('optional')})</span>}
      </label>
      {render ? (
        render(control)
      ) : password ? (
        <div className="field__password">
          <input
            {...inputProps}
            {...control}
            type={reveal ? 'text' : 'password'}
            className="field__input"
          />
          <button
            type="button"
            className="icon-button field__reveal"
            aria-label={reveal ? t('hide_password') : t('show_password')}
            aria-pressed={reveal}
            onClick={() => setReveal((value) => !value)}
          >
            {reveal ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </div>
      ) : (
        <input {...inputProps} {...control} type={type} className="field__input" />
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <ul id={errorId} className="field__errors">
          {errors!.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SubmitButtonProps {
  loading: boolean;
  children: ReactNode;
  /** Shown while loading, e.g. 'Signing in…'. */
  loadingLabel?: string;
  className?: string;
}

/** The submit button: disabled with a spinner while the request runs. */
export function SubmitButton({ loading, children, loadingLabel, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={['button button--primary', className].filter(Boolean).join(' ')}
      disabled={loading}
      aria-busy={loading}
    >
      {loading && <span className="loader__spinner loader__spinner--small" aria-hidden="true" />}
      <span>{loading && loadingLabel ? loadingLabel : children}</span>
    </button>
  );
}
