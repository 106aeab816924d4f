import type { PfieldRow } from '../../db/types';
import {
  fieldOptions,
  hasSubField,
  PFIELD_KEY,
  PFIELD_SUB_KEY,
  PFIELD_TEXT_MAX,
  pfieldSubKey,
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
/** A checkbox filter lists at most this many values (and no more than the field has). */
export const MAX_CHECKBOX_VALUES = 50;

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
type Parsed<T> = T | typeof BLANK | undefined;

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function asNumber(v: unknown): Parsed<number> {
  if (isBlank(v)) return BLANK;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function asText(v: unknown): Parsed<string> {
  if (isBlank(v)) return BLANK;
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const text = String(v).trim();
  return text.length <= PFIELD_TEXT_MAX ? text : undefined;
}

/** A checkbox answer: a list, a JSON list, or one value; at most `max` distinct values. */
function asList(v: unknown, max: number): Parsed<string[]> {
  // A list longer than the JSON of `max` long values cannot be a valid one: not parsed at all.
  if (typeof v === 'string' && v.length > max * (PFIELD_TEXT_MAX + 3) + 2) return undefined;
  let list = v;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      list = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  const all = Array.isArray(list) ? list : [list];
  if (all.length > MAX_CHECKBOX_VALUES) return undefined;
  const items = all.filter((x) => !isBlank(x));
  if (!items.length) return BLANK;
  const texts = items.map(asText);
  if (!texts.every((t): t is string => typeof t === 'string')) return undefined;
  const values = [...new Set(texts)];
  return values.length <= max ? values : undefined;
}

function parseOne(field: PfieldRow, raw: unknown): PfieldFilter | typeof BLANK | undefined {
  const pfieldId = field.id;
  switch (field.type) {
    case 'number': {
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        const { min, max } = raw as { min?: unknown; max?: unknown };
        const lo = asNumber(min);
        const hi = asNumber(max);
        if (lo === undefined || hi === undefined) return undefined;
        if (lo === BLANK && hi === BLANK) return BLANK;
        return {
          pfieldId,
          kind: 'range',
          min: lo === BLANK ? null : lo,
          max: hi === BLANK ? null : hi,
        };
      }
      const n = asNumber(raw);
      // Stored as String(number): '2015', '1.5'; the same text finds it.
      return n === BLANK || n === undefined ? n : { pfieldId, kind: 'equals', value: String(n) };
    }
    case 'checkbox': {
      const own = fieldOptions(field).length;
      const values = asList(raw, Math.min(own || MAX_CHECKBOX_VALUES, MAX_CHECKBOX_VALUES));
      return values === BLANK || values === undefined
        ? values
        : { pfieldId, kind: 'contains', values };
    }
    default: {
      const value = asText(raw);
      return value === BLANK || value === undefined ? value : { pfieldId, kind: 'equals', value };
    }
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
    if (isBlank(raw)) continue;
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
    const value = asText(raw);
    if (value === BLANK) continue;
    const field = byId.get(id);
    if (value === undefined || !field || !hasSubField(field))
      errors[pfieldSubKey(id)] = ['bad_input'];
    else filters.push({ pfieldId: id, kind: 'sub', value });
  }
  return { filters, errors };
}
