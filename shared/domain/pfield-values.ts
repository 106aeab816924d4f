// A field's possible values (SPEC §3): JSON text of `[{ value, sub_field? }]`, where a sub-field
// holds a name and values of the same shape (a car brand → its models). One reader for every
// side: the server checks product values and search filters against it, the web lists options
// from it. The admin's request schema (shared/schemas/catalog.ts) stores exactly this shape.

import { readNumber } from './numbers';

/**
 * A sub-field: its name (a dictionary key or plain text, like every catalogue name, DESIGN §6),
 * the admin's optional labels in Arabic and French (issue 35 item 18, added beside SPEC's name
 * and values), and its values.
 */
export interface SubField {
  name: string;
  name_ar?: string;
  name_fr?: string;
  values: FieldValue[];
}

/** One possible value of a field, optionally opening a sub-field (a car brand → its models). */
export interface FieldValue {
  value: string;
  sub_field?: SubField;
}

/** A label kept only when it says something. */
const labelsOf = (sub: object): Pick<SubField, 'name_ar' | 'name_fr'> => {
  const out: Pick<SubField, 'name_ar' | 'name_fr'> = {};
  for (const key of ['name_ar', 'name_fr'] as const) {
    const label = (sub as Record<string, unknown>)[key];
    if (typeof label === 'string' && label.trim()) out[key] = label.trim();
  }
  return out;
};

/** SPEC §3: a text field's value, and a sub-field's, is at most this many characters. */
export const PFIELD_TEXT_MAX = 500;

/** `pfield_{id}` and `pfield_{id}_sub`: a field's value and its sub-field's (SPEC §3). */
export const PFIELD_KEY = /^pfield_(\d{1,10})$/;
export const PFIELD_SUB_KEY = /^pfield_(\d{1,10})_sub$/;
export const pfieldKey = (id: number) => `pfield_${id}`;
export const pfieldSubKey = (id: number) => `pfield_${id}_sub`;

function readItem(item: unknown): FieldValue | undefined {
  if (!item || typeof item !== 'object' || !('value' in item)) return undefined;
  const { value, sub_field: sub } = item as { value: unknown; sub_field?: unknown };
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  if (text === '') return undefined;
  if (sub === undefined || sub === null) return { value: text };
  if (typeof sub !== 'object' || !('name' in sub) || !('values' in sub)) return undefined;
  const { name, values } = sub as { name: unknown; values: unknown };
  const list = readList(values);
  if (typeof name !== 'string' || !list) return undefined;
  return { value: text, sub_field: { name, ...labelsOf(sub), values: list } };
}

function readList(items: unknown): FieldValue[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const list = items.map(readItem);
  return list.every((v): v is FieldValue => v !== undefined) ? list : undefined;
}

/** The values of a field's JSON text; undefined when it is not JSON or not of that shape. */
export function readFieldValues(text: string): FieldValue[] | undefined {
  try {
    return readList(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The values a select, radio or checkbox field offers ([] when there are none or bad text). */
export function fieldOptions(field: { values: string }): string[] {
  return (readFieldValues(field.values) ?? []).map((item) => item.value);
}

/** The sub-field opened by one value of a field, if it opens one. */
export function subFieldOf(
  field: { values: string },
  value: string | null | undefined,
): FieldValue['sub_field'] | undefined {
  if (!value) return undefined;
  return readFieldValues(field.values)?.find((item) => item.value === value)?.sub_field;
}

/** Whether any value of the field opens a sub-field. */
export function hasSubField(field: { values: string }): boolean {
  return (readFieldValues(field.values) ?? []).some((item) => item.sub_field !== undefined);
}

/** A checkbox answer (a product's, a search's) lists at most this many values. */
export const MAX_CHECKBOX_VALUES = 50;

/** What one `pfield_{id}` input says, read by the type of the field it names. */
export type PfieldInputValue =
  | { kind: 'blank' }
  | { kind: 'bad' }
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string }
  | { kind: 'list'; values: string[] };

const BLANK = { kind: 'blank' } as const;
const BAD = { kind: 'bad' } as const;

/** Empty: nothing sent, blank text, an empty list. */
export const isBlankPfieldInput = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function text(v: unknown): PfieldInputValue {
  if (isBlankPfieldInput(v)) return BLANK;
  if (typeof v !== 'string' && typeof v !== 'number') return BAD;
  const value = String(v).trim();
  return value.length <= PFIELD_TEXT_MAX ? { kind: 'text', value } : BAD;
}

function list(v: unknown): PfieldInputValue {
  // Longer than the JSON of MAX_CHECKBOX_VALUES longest values: never a valid list, not parsed.
  if (typeof v === 'string' && v.length > MAX_CHECKBOX_VALUES * (PFIELD_TEXT_MAX + 3) + 2) {
    return BAD;
  }
  let items = v;
  // Text that opens a JSON list must be one: `[bad json` is a malformed list, not one value.
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      items = JSON.parse(v);
    } catch {
      return BAD;
    }
  }
  const all = Array.isArray(items) ? items : [items];
  if (all.length > MAX_CHECKBOX_VALUES) return BAD;
  const values: string[] = [];
  for (const item of all) {
    const read = text(item);
    if (read.kind === 'bad') return BAD;
    if (read.kind === 'text' && !values.includes(read.value)) values.push(read.value);
  }
  return values.length ? { kind: 'list', values } : BLANK;
}

/**
 * The one reading of a `pfield_{id}` input, for the product form and the search alike (issue 33
 * item 2): blank (filters nothing, clears a product's value); a number field's number (a number
 * or numeric text); a checkbox field's distinct values (a list, a JSON list, or one value; blank
 * items dropped); any other field's trimmed text (at most PFIELD_TEXT_MAX). Anything else is bad
 * (422 `bad_input` under its key). Whether a value is one the field offers is the caller's check.
 */
export function readPfieldInput(type: string, raw: unknown): PfieldInputValue {
  if (isBlankPfieldInput(raw)) return BLANK;
  if (type === 'checkbox') return list(raw);
  if (type !== 'number') return text(raw);
  const n = readNumber(raw);
  return n === null ? BAD : { kind: 'number', value: n };
}
