import { numberText } from '../../../shared/domain/numbers';
import { BOUNDS, effectiveSearch, type BoundName, type SearchState } from './search-state';

// SPEC §5: maximum distance, minimum price and maximum price, when filled, must be numeric and at
// least 1. The server checks the same (whole numbers ≥ 1, else 422 `bad_input` under the field),
// so a bound the browser lets through is one the server accepts.

/** Bounds in error, by field name (only those the current mode shows). */
export type BoundErrors = Partial<Record<BoundName, true>>;

export function isValidBound(value: string): boolean {
  // Read like the server reads it: Arabic-Indic digits and groups too (issue 35 item 3).
  const text = numberText(value.trim());
  if (text === '') return true;
  return /^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text));
}

export function checkBounds(state: SearchState): BoundErrors {
  const applied = effectiveSearch(state);
  const errors: BoundErrors = {};
  for (const { name } of BOUNDS) {
    if (!isValidBound(applied[name])) errors[name] = true;
  }
  return errors;
}

export const hasErrors = (errors: BoundErrors) => Object.keys(errors).length > 0;
