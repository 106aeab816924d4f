import type { PfieldRow } from '../../db/types';
import {
  fieldOptions,
  PFIELD_KEY,
  PFIELD_SUB_KEY,
  pfieldKey,
  pfieldSubKey,
  readPfieldInput,
  subFieldOf,
} from '../../../shared/domain/pfield-values';

// `pfield_{id}` inputs checked against the field they name (SPEC §3): the field must belong to
// the product's subcategory; a number field takes a number, select and radio one of the field's
// values, checkbox a subset of them (stored as a JSON array), text at most PFIELD_TEXT_MAX
// characters. An empty value clears the field.
//
// `pfield_{id}_sub` is the sub-field's value (a car brand → its model): one of the sub-field's
// values of the item chosen in `pfield_{id}`, sent beside it. Sending a field again without its
// `_sub` clears the sub-value; a `_sub` alone, or one the chosen item does not offer, is 422
// `bad_input` under `pfield_{id}_sub`.

export interface PfieldValue {
  pfield_id: number;
  value: string | null;
  sub_value: string | null;
}

/** What a form sent for one field: its value and, if sent, its sub-field's. */
export interface PfieldInput {
  value?: unknown;
  sub?: unknown;
}

/** The `pfield_{id}` and `pfield_{id}_sub` entries of a form, by field id. */
export function pfieldInputs(fields: Record<string, unknown>): Map<number, PfieldInput> {
  const inputs = new Map<number, PfieldInput>();
  const entry = (id: number) => inputs.get(id) ?? inputs.set(id, {}).get(id)!;
  for (const [key, value] of Object.entries(fields)) {
    const main = PFIELD_KEY.exec(key);
    if (main) entry(Number(main[1])).value = value;
    const sub = PFIELD_SUB_KEY.exec(key);
    if (sub) entry(Number(sub[1])).sub = value;
  }
  return inputs;
}

function checkOne(field: PfieldRow, raw: unknown): string | null | undefined {
  const input = readPfieldInput(field.type, raw);
  const allowed = fieldOptions(field);
  switch (input.kind) {
    case 'blank':
      return null;
    case 'number':
      return String(input.value);
    case 'list':
      if (input.values.some((v) => !allowed.includes(v))) return undefined;
      // Stored in the field's own order, each once.
      return JSON.stringify(allowed.filter((v) => input.values.includes(v)));
    case 'text':
      // select and radio: one of the field's values; text: any (within PFIELD_TEXT_MAX).
      if (field.type === 'select' || field.type === 'radio') {
        return allowed.includes(input.value) ? input.value : undefined;
      }
      return input.value;
    default:
      return undefined;
  }
}

/** The sub-value of the chosen item: null when blank, undefined when not one it offers. */
function checkSub(field: PfieldRow, value: string | null, raw: unknown): string | null | undefined {
  const sub = readPfieldInput('text', raw);
  if (sub.kind === 'blank') return null;
  const offered = subFieldOf(field, value)?.values.map((item) => item.value) ?? [];
  return sub.kind === 'text' && offered.includes(sub.value) ? sub.value : undefined;
}

/** Checked values, or the keys of the bad ones (each answers 422 `bad_input`). */
export function checkPfieldValues(
  fields: PfieldRow[],
  inputs: Map<number, PfieldInput>,
): { values: PfieldValue[]; errors: Record<string, string[]> } {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const values: PfieldValue[] = [];
  const errors: Record<string, string[]> = {};
  for (const [id, input] of inputs) {
    const field = byId.get(id);
    if (!('value' in input)) {
      errors[pfieldSubKey(id)] = ['bad_input'];
      continue;
    }
    const value = field ? checkOne(field, input.value) : undefined;
    if (value === undefined) {
      errors[pfieldKey(id)] = ['bad_input'];
      continue;
    }
    // Only a chosen single value (select, radio) opens a sub-field: a checkbox's JSON list or a
    // cleared value finds none, so any sub-value sent with them is refused.
    const subValue = checkSub(field!, value, input.sub);
    if (subValue === undefined) errors[pfieldSubKey(id)] = ['bad_input'];
    else values.push({ pfield_id: id, value, sub_value: subValue });
  }
  return { values, errors };
}
