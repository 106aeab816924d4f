import type { PfieldRow } from '../../db/types';
import {
  fieldOptions,
  hasSubField,
  isBlankPfieldInput,
  MAX_CHECKBOX_VALUES,
  PFIELD_KEY,
  PFIELD_SUB_KEY,
  pfieldSubKey,
  readPfieldInput,
} from '../../../shared/domain/pfield-values';

// `pfield_{id}` entries of a search (SPEC §7), read against the field they name. Values are
// stored as the products feature checked them: a number field's canonical number text, a
// select/radio/text field's value, a checkbox field's JSON array of checked values.
//
// - number: a number (or numeric text) is equality; `{ min, max }` (either may be left out or
//   blank) is a range, bounds included.
// - select, radio, text: equality with the value as given (trimmed).
// - checkbox: a value or a list of values; the product must have every one of them checked.
// - A blank value (the form's empty input, an empty list, a range with no bound) filters nothing.
// - A key naming no field, or a value of the wrong shape, is 422 `bad_input` under its key.
// - Bounds (issue 14 item 3), checked before any query: at most MAX_PFIELD_FILTERS keys, all of
//   one subcategory (the searched one when given: a product has the fields of its own
//   subcategory only); a checkbox list no longer than the field's own values nor
//   MAX_CHECKBOX_VALUES; text no longer than a product's field text (PFIELD_TEXT_MAX). Beyond: 422.

/** More `pfield_*` keys than any subcategory has fields is an attack, not a search. */
export const MAX_PFIELD_FILTERS = 50;

export type PfieldFilter =
  | { pfieldId: number; kind: 'equals'; value: string }
  | { pfieldId: number; kind: 'range'; min: number | null; max: number | null }
  | { pfieldId: number; kind: 'contains'; values: string[] }
  | { pfieldId: number; kind: 'sub'; value: string };

/**
 * The `pfield_{id}` and `pfield_{id}_sub` entries of a body, raw; a `pfield_` key that is neither,
 * and the keys beyond MAX_PFIELD_FILTERS in all (the first of them), are errors.
 */
export function pfieldEntries(body: Record<string, unknown>): {
  entries: Map<number, unknown>;
  subEntries: Map<number, unknown>;
  errors: Record<string, string[]>;
} {
  const entries = new Map<number, unknown>();
  const subEntries = new Map<number, unknown>();
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!key.startsWith('pfield_')) continue;
    const match = PFIELD_KEY.exec(key);
    const sub = match ? null : PFIELD_SUB_KEY.exec(key);
    if (!match && !sub) errors[key] = ['bad_input'];
    else if (entries.size + subEntries.size >= MAX_PFIELD_FILTERS) {
      errors[key] = ['bad_input'];
      break;
    } else if (match) entries.set(Number(match[1]), value);
    else subEntries.set(Number(sub![1]), value);
    if (Object.keys(errors).length >= MAX_PFIELD_FILTERS) break;
  }
  return { entries, subEntries, errors };
}

const BLANK = Symbol('blank');

/** A filter of one field's entry, BLANK when it filters nothing, undefined when bad. */
function parseOne(field: PfieldRow, raw: unknown): PfieldFilter | typeof BLANK | undefined {
  const pfieldId = field.id;
  if (field.type === 'number' && raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const { min, max } = raw as { min?: unknown; max?: unknown };
    const lo = readPfieldInput('number', min);
    const hi = readPfieldInput('number', max);
    if (lo.kind === 'bad' || hi.kind === 'bad') return undefined;
    if (lo.kind === 'blank' && hi.kind === 'blank') return BLANK;
    const bound = (b: typeof lo) => (b.kind === 'number' ? b.value : null);
    return { pfieldId, kind: 'range', min: bound(lo), max: bound(hi) };
  }
  const input = readPfieldInput(field.type, raw);
  switch (input.kind) {
    case 'blank':
      return BLANK;
    case 'number':
      // Stored as String(number): '2015', '1.5'; the same text finds it.
      return { pfieldId, kind: 'equals', value: String(input.value) };
    case 'text':
      return { pfieldId, kind: 'equals', value: input.value };
    case 'list': {
      // No more values than the field has: a longer list cannot all be checked.
      const own = fieldOptions(field).length || MAX_CHECKBOX_VALUES;
      return input.values.length <= own
        ? { pfieldId, kind: 'contains', values: input.values }
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Filters of the entries, or the keys of the bad ones. `subcategoryId`: the searched
 * subcategory, when one is; otherwise the fields filtered must still share one.
 */
export function parsePfieldFilters(
  fields: PfieldRow[],
  entries: Map<number, unknown>,
  subcategoryId?: number,
): { filters: PfieldFilter[]; errors: Record<string, string[]> } {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const filters: PfieldFilter[] = [];
  const errors: Record<string, string[]> = {};
  let subcategory = subcategoryId;
  for (const [id, raw] of entries) {
    if (isBlankPfieldInput(raw)) continue;
    let field = byId.get(id);
    if (field) {
      subcategory ??= field.psubcategory_id;
      if (field.psubcategory_id !== subcategory) field = undefined;
    }
    const parsed = field ? parseOne(field, raw) : undefined;
    if (parsed === undefined) errors[`pfield_${id}`] = ['bad_input'];
    else if (parsed !== BLANK) filters.push(parsed);
  }
  return { filters, errors };
}

// `pfield_{id}_sub` (SPEC §3's sub-field: a car's model): equality with the stored sub-value, the
// key the product form sends. A field whose values open no sub-field, or a value of the wrong
// shape, is 422 `bad_input` under its key; a blank value filters nothing.
export function parsePfieldSubFilters(
  fields: PfieldRow[],
  entries: Map<number, unknown>,
): { filters: PfieldFilter[]; errors: Record<string, string[]> } {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const filters: PfieldFilter[] = [];
  const errors: Record<string, string[]> = {};
  for (const [id, raw] of entries) {
    const input = readPfieldInput('text', raw);
    if (input.kind === 'blank') continue;
    const field = byId.get(id);
    if (input.kind !== 'text' || !field || !hasSubField(field))
      errors[pfieldSubKey(id)] = ['bad_input'];
    else filters.push({ pfieldId: id, kind: 'sub', value: input.value });
  }
  return { filters, errors };
}
