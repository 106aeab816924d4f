import { asciiDigits } from './normalize';

// Numbers as people here type them (issue 35 items 3 and 4). An Arabic keyboard gives
// Arabic-Indic (٢٥٠٠٠٠٠) or Eastern (۲۵۰۰۰۰۰) digits, the Arabic decimal separator ٫ and the
// Arabic thousands separator ٬; a French one groups with spaces and writes decimals with a comma.
// Every numeric input (form and API alike) is read through `numberText` so that none of these is
// dropped, and every number shown goes through `groupsDigits` so that a year never reads as a price.

const ARABIC_DECIMAL = '\u066b'; // ٫
const ARABIC_THOUSANDS = '\u066c'; // ٬
/** Spaces a number may be grouped with: plain, no-break, narrow no-break (French), thin. */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;
/** '2,500,000' or '2,500,000.5': commas that can only be groups. */
const COMMA_GROUPS = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
/** '2.500.000' (two dots or more): dots that can only be groups. */
const DOT_GROUPS = /^-?\d{1,3}(\.\d{3}){2,}$/;

/**
 * A typed number in plain form ('2500000', '12.5'): Arabic-Indic and Eastern digits to 0-9, ٫ to
 * '.', group separators (٬, spaces, unambiguous ',' or '.' groups) removed, a lone French decimal
 * comma to '.'. Text that is no number stays what it was (the caller's check refuses it).
 */
export function numberText(text: string): string {
  let s = asciiDigits(text)
    .replaceAll(ARABIC_DECIMAL, '.')
    .replaceAll(ARABIC_THOUSANDS, '')
    .replace(GROUP_SPACES, '');
  if (COMMA_GROUPS.test(s)) s = s.replaceAll(',', '');
  else if (DOT_GROUPS.test(s)) s = s.replaceAll('.', '');
  else if (/^-?\d*,\d+$/.test(s)) s = s.replace(',', '.');
  return s;
}

/** A number from a number or a typed string (see `numberText`); null when it is none. */
export function readNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const s = numberText(raw);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** For zod preprocessing: a typed number becomes a number; anything else is left for the schema. */
export const numericInput = (v: unknown): unknown => {
  if (typeof v !== 'string' || v.trim() === '') return v;
  return readNumber(v) ?? v;
};

/**
 * Issue 35 item 4, the one rule for grouping digits ('168 000 km', never 'Année 2 012'). A number
 * field's value is grouped when it is a quantity: it has a measure unit (km, m², GB…), or its name
 * does not say it is a year, a model, a code or a reference. A price is always a quantity.
 * Identifiers are read from the field's key and its admin labels: `model_year`, `year`, `code`,
 * `postal_code`, `reference`, `serial_number`, 'Année', 'سنة'…
 */
const IDENTIFIER_NAME =
  /(^|[_\s-])(year|annee|année|an|model|modele|modèle|code|ref|reference|référence|serial|serie|série|zip|postal|vin|imei|sku)([_\s-]|$)|سنة|موديل|رمز|كود|مرجع|طراز/i;

export function groupsDigits(field: {
  name: string;
  name_ar?: string | null;
  name_fr?: string | null;
  mesure_unit?: string | null;
}): boolean {
  if (field.mesure_unit) return true;
  return ![field.name, field.name_ar, field.name_fr].some(
    (name) => !!name && IDENTIFIER_NAME.test(name.trim()),
  );
}
