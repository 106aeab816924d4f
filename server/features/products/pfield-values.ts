import type { PfieldRow } from '../../db/types';
import { PFIELD_KEY } from '../../../shared/schemas/products';

// `pfield_{id}` inputs checked against the field they name (SPEC §3): the field must belong to
// the product's subcategory; a number field takes a number, select and radio one of the field's
// values, checkbox a subset of them (stored as a JSON array), text at most MAX_TEXT characters.
// An empty value clears the field.

export const MAX_TEXT = 500;

export interface PfieldValue {
  pfield_id: number;
  value: string | null;
}

/** The `pfield_{id}` entries of a form. */
export function pfieldInputs(fields: Record<string, unknown>): Map<number, unknown> {
  const inputs = new Map<number, unknown>();
  for (const [key, value] of Object.entries(fields)) {
    const match = PFIELD_KEY.exec(key);
    if (match) inputs.set(Number(match[1]), value);
  }
  return inputs;
}

/** The values a select, radio or checkbox field offers (items are strings or `{ value }`). */
export function allowedValues(field: Pick<PfieldRow, 'values'>): string[] {
  let items: unknown;
  try {
    items = JSON.parse(field.values);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items
    .map((item) =>
      typeof item === 'string' || typeof item === 'number'
        ? String(item)
        : item && typeof item === 'object' && 'value' in item
          ? String((item as { value: unknown }).value)
          : null,
    )
    .filter((v): v is string => v !== null);
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** A checkbox answer: an array, a JSON array, or a single value. */
function asList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: one value
    }
  }
  return [v];
}

function checkOne(field: PfieldRow, raw: unknown): string | null | undefined {
  if (isEmpty(raw)) return null;
  const allowed = allowedValues(field);
  switch (field.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
      return Number.isFinite(n) ? String(n) : undefined;
    }
    case 'select':
    case 'radio': {
      const v = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
      return v !== undefined && allowed.includes(v) ? v : undefined;
    }
    case 'checkbox': {
      const list = asList(raw).map((v) =>
        typeof v === 'string' || typeof v === 'number' ? String(v) : null,
      );
      if (list.some((v) => v === null || !allowed.includes(v))) return undefined;
      // Stored in the field's own order, each once.
      return JSON.stringify(allowed.filter((v) => list.includes(v)));
    }
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
      const v = String(raw).trim();
      return v.length <= MAX_TEXT ? v : undefined;
    }
  }
}

/** Checked values, or the keys of the bad ones (each answers 422 `bad_input`). */
export function checkPfieldValues(
  fields: PfieldRow[],
  inputs: Map<number, unknown>,
): { values: PfieldValue[]; errors: Record<string, string[]> } {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const values: PfieldValue[] = [];
  const errors: Record<string, string[]> = {};
  for (const [id, raw] of inputs) {
    const field = byId.get(id);
    const value = field ? checkOne(field, raw) : undefined;
    if (value === undefined) errors[`pfield_${id}`] = ['bad_input'];
    else values.push({ pfield_id: id, value });
  }
  return { values, errors };
}
