import type { TFunction } from './i18n';
import { HttpError, type Errors } from './http';
import { MESSAGE_LIMITS } from './i18n';

// SPEC §5/§8: the server's errors object is shown under the matching field; `global`, `unknown`
// and any key the form has no field for become the form's general error (nothing is lost).

export interface FormErrors {
  fields: Errors;
  general: string[];
}

export const noErrors: FormErrors = { fields: {}, general: [] };

export function splitErrors(errors: Errors, fields: readonly string[]): FormErrors {
  const result: FormErrors = { fields: {}, general: [] };
  for (const [key, messages] of Object.entries(errors)) {
    if (fields.includes(key)) result.fields[key] = messages;
    else result.general.push(...messages);
  }
  result.general = [...new Set(result.general)];
  return result;
}

/** Any failure of a form's request, as form errors. */
export function formErrorsOf(error: unknown, fields: readonly string[]): FormErrors {
  if (error instanceof HttpError) return splitErrors(error.errors, fields);
  return { fields: {}, general: ['unknown_error'] };
}

/** A message key in the page's language; an unknown key reads as a generic error. */
export function errorText(t: TFunction, key: string, exists: (key: string) => boolean): string {
  return exists(key) ? t(key, MESSAGE_LIMITS) : t('unknown_error');
}

/** Zod issues (the shared schemas, run in the browser) in the server's errors shape. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'global';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
