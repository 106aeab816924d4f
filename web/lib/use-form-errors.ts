import { useEffect, useRef, useState } from 'react';
import {
  formErrorsOf,
  issuesToErrors,
  noErrors,
  splitErrors,
  type FormErrors,
} from './form-errors';
import type { Errors } from './http';

/** A form's values as strings, keyed by input name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}

/**
 * Errors of one form: from the shared zod schema run in the browser, or from the server's answer.
 * After each failed submit the first field in error gets the focus.
 */
export function useFormErrors(fields: readonly string[], initial?: Errors) {
  // `initial`: the server's answer to the same form posted before the scripts arrived.
  const [errors, setErrors] = useState<FormErrors>(() =>
    initial ? splitErrors(initial, fields) : noErrors,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!attempt) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const show = (next: FormErrors) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  return {
    formRef,
    errors,
    clear: () => setErrors(noErrors),
    fromIssues: (issues: Parameters<typeof issuesToErrors>[0]) =>
      show(splitErrors(issuesToErrors(issues), fields)),
    fromError: (error: unknown) => show(formErrorsOf(error, fields)),
  };
}
