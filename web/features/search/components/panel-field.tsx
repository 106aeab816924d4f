import { useId, type ReactNode } from 'react';
import './panel-field.css';

export interface ControlIds {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface PanelFieldProps {
  label: string;
  /** Messages already in the page's language (SPEC §5's are composed, not single keys). */
  errors?: string[];
  hint?: string;
  children: (control: ControlIds) => ReactNode;
  className?: string;
}

/**
 * A labelled control of the search panel with its hint and errors under it, styled as the
 * app's FormField; it takes finished messages because SPEC §5's search message is built from
 * three parts (field label, bound name, 'bad input').
 */
export function PanelField({ label, errors, hint, children, className }: PanelFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div
      className={['field', errors?.length && 'field--invalid', className].filter(Boolean).join(' ')}
    >
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': !!errors?.length,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <ul id={errorId} className="field__errors">
          {errors!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A group of radios or checkboxes under one legend, with its errors. */
export function PanelGroup({
  legend,
  errors,
  children,
}: {
  legend: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <fieldset className={errors?.length ? 'field field--invalid panel-group' : 'field panel-group'}>
      <legend className="field__label">{legend}</legend>
      <div className="panel-group__options">{children}</div>
      {errors?.length ? (
        <ul className="field__errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
