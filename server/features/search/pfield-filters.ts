import type { PfieldRow } from '../../db/types';
import { PFIELD_KEY } from '../../../shared/schemas/products';
import { hasSubField, PFIELD_SUB_KEY, pfieldSubKey } from '../../../shared/domain/pfield-values';

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

export type PfieldFilter =
  | { pfieldId: number; kind: 'equals'; value: string }
  | { pfieldId: number; kind: 'range'; min: number | null; max: number | null }
  | { pfieldId: number; kind: 'contains'; values: string[] }
  | { pfieldId: number; kind: 'sub'; value: string };

/** The `pfield_{id}` entries of a body, raw. */
export function pfieldEntries(body: Record<string, unknown>): Map<number, unknown> {
  const entries = new Map<number, unknown>();
  for (const [key, value] of Object.entries(body)) {
    const match = PFIELD_KEY.exec(key);
    if (match) entries.set(Number(match[1]), value);
  }
  return entries;
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
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : undefined;
}

/** A checkbox answer: a list, a JSON list, or one value. */
function asList(v: unknown): Parsed<string[]> {
  let list = v;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      list = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  const items = (Array.isArray(list) ? list : [list]).filter((x) => !isBlank(x));
  if (!items.length) return BLANK;
  const texts = items.map(asText);
  return texts.every((t): t is string => typeof t === 'string') ? [...new Set(texts)] : undefined;
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
      const values = asList(raw);
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

/** Filters of the entries, or the keys of the bad ones. */
export function parsePfieldFilters(
  fields: PfieldRow[],
  entries: Map<number, unknown>,
): { filters: PfieldFilter[]; errors: Record<string, string[]> } {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const filters: PfieldFilter[] = [];
  const errors: Record<string, string[]> = {};
  for (const [id, raw] of entries) {
    if (isBlank(raw)) continue;
    const field = byId.get(id);
    const parsed = field ? parseOne(field, raw) : undefined;
    if (parsed === undefined) errors[`pfield_${id}`] = ['bad_input'];
    else if (parsed !== BLANK) filters.push(parsed);
  }
  return { filters, errors };
}

// `pfield_{id}_sub` (SPEC §3's sub-field: a car's model): equality with the stored sub-value, the
// key the product form sends. A field whose values open no sub-field, or a value of the wrong
// shape, is 422 `bad_input` under its key; a blank value filters nothing.

/** The `pfield_{id}_sub` entries of a body, raw. */
export function pfieldSubEntries(body: Record<string, unknown>): Map<number, unknown> {
  const entries = new Map<number, unknown>();
  for (const [key, value] of Object.entries(body)) {
    const match = PFIELD_SUB_KEY.exec(key);
    if (match) entries.set(Number(match[1]), value);
  }
  return entries;
}

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
