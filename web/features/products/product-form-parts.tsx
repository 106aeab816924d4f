import type { ReactNode } from 'react';
import type { Errors } from '../../lib/http';
import { FieldErrors } from './pfield-input';
import type { FormValues } from './product-form-values';
import './product-form-parts.css';

/** What each group of the product form gets: the values, a setter, the errors by field. */
export interface GroupProps {
  values: FormValues;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  errors: Errors;
}

/** The value and change handler of a text input bound to one of the form's values. */
export function bindInput({ values, set }: Pick<GroupProps, 'values' | 'set'>) {
  return (key: keyof FormValues) => ({
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="product-form__section">
      <h2 className="product-form__section-title">{title}</h2>
      {children}
    </section>
  );
}

export function Check({
  name,
  label,
  hint,
  checked,
  onChange,
  errors,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[];
}) {
  return (
    <div className={errors?.length ? 'field field--invalid check-field' : 'field check-field'}>
      <label className="choice">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={!!errors?.length}
          aria-describedby={errors?.length ? `${name}-errors` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && <p className="field__hint">{hint}</p>}
      {errors?.length ? <FieldErrors id={`${name}-errors`} errors={errors} /> : null}
    </div>
  );
}
