import fc, { type Arbitrary } from 'fast-check';
import type { z } from 'zod';

// fast-check arbitraries from the shared zod schemas: `valid(schema)` draws values shaped by the
// schema (types, bounds, enums, formats; refinements across fields are left to chance), and
// `hostile` the values an attacker sends instead (wrong types, huge or strange strings, numbers
// at the edges), which `mutated(schema)` puts in the place of one field, or of the whole body.
// Covers the zod types shared/schemas uses; an unknown one fails loudly, so a new one is added.

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => [
  ...(def.format ? [{ check: 'string_format', format: def.format, pattern: def.pattern }] : []),
  ...(def.checks ?? []).map((c) => c._zod.def),
];

/** Arrays in valid values stay short; `hostile` has the long ones. */
const MAX_ITEMS = 4;

const LETTER = fc.constantFrom(...'abcdeفرنسا');
/** Text with a NUL byte, a bidi override or mark, a family emoji, a lone surrogate, a CRLF. */
export const strangeText: Arbitrary<string> = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 8, unit: LETTER }),
    fc.constantFrom('\u0000', '\u202e', '\u200f\u061c', '👩‍👩‍👧‍👦', '\ud800', '\r\n', '\u00a0'),
    fc.string({ maxLength: 8, unit: LETTER }),
  )
  .map(([before, odd, after]) => before + odd + after);

function stringOf(def: Def): Arbitrary<string> {
  let minLength = 0;
  let maxLength = 40;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = c.minimum!;
    if (c.check === 'max_length') maxLength = Math.min(c.maximum!, 200);
    if (c.check === 'length_equals') minLength = maxLength = c.length!;
    if (c.check === 'string_format' && c.format === 'email') return fc.emailAddress();
    if (c.check === 'string_format' && c.pattern) {
      return fc.stringMatching(c.pattern).filter((s) => s.length <= Math.max(maxLength, 1));
    }
  }
  // Mostly letters, so that a trimmed value keeps its length; else any unicode, or letters around
  // a character that has broken text handling before.
  const letters = fc.string({ minLength, maxLength, unit: LETTER });
  return fc.oneof(
    { weight: 3, arbitrary: letters },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    {
      weight: 2,
      arbitrary: strangeText.filter((t) => t.length >= minLength && t.length <= maxLength),
    },
  );
}

function numberOf(def: Def): Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') integer = c.format !== undefined && c.format !== 'float64';
    if (c.check === 'greater_than') min = c.inclusive ? c.value! : c.value! + 1e-9;
    if (c.check === 'less_than') max = c.inclusive ? c.value! : c.value! - 1e-9;
  }
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts, or close to it. */
export function valid(schema: z.ZodType): Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
    case 'any':
      // Anything JSON can carry (a saved search's query is a search body checked by search).
      return fc.jsonValue({ maxDepth: 2 });
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'optional':
      return fc.option(valid(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(valid(def.innerType!), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(valid(def.innerType!), { nil: undefined });
    case 'lazy':
      return valid(def.getter!());
    case 'union':
      return fc.oneof(...def.options!.map(valid));
    case 'array':
      return fc.array(valid(def.element!), { maxLength: MAX_ITEMS });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), valid(def.valueType!), {
        maxKeys: MAX_ITEMS,
      });
    case 'object': {
      const shape = def.shape!;
      const required = Object.keys(shape).filter((k) => !isOptional(shape[k]));
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valid(v)]));
      return fc.record(fields, { requiredKeys: required });
    }
    case 'pipe': {
      // A preprocess is pipe(transform, target): draw the target. A `.transform()` is
      // pipe(source, transform): draw the source.
      const source = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
      return valid(source);
    }
    default:
      throw new Error(`zod-arbitrary: no arbitrary for zod type "${def.type}"`);
  }
}

function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (['optional', 'default', 'prefault', 'catch'].includes(def.type)) return true;
  if (def.type === 'pipe') return isOptional(def.in!) || isOptional(def.out!);
  return false;
}

/** Strings no form should break on: control and NUL bytes, bidi marks, emoji, huge ones. */
export const hostileString: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202eevil\u202c',
    '\u200f\u200e\u061c',
    '👩‍👩‍👧‍👦🇲🇷',
    '\ud800',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e308',
    '-1e308',
    '9007199254740993',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '[1,',
    "' or '1'='1",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 6000 }),
);

/** Anything but the expected type. */
export const hostile: Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 1, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1, 0.5, -0),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
  fc.nat({ max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A valid value with one field made hostile or left out, or the whole value made hostile. */
export function mutated(schema: z.ZodType, base?: Arbitrary<unknown>): Arbitrary<unknown> {
  const from = base ?? valid(schema);
  const keys = objectKeys(schema);
  if (!keys.length) return fc.oneof(from, hostile);
  return fc.oneof(
    { weight: 4, arbitrary: mutateOne(from, keys) },
    { weight: 1, arbitrary: hostile },
  );
}

/** What takes a field's place: mostly text with a strange character, else any hostile value. */
const replacement = fc.oneof(
  { weight: 2, arbitrary: strangeText },
  { weight: 1, arbitrary: hostile },
);

function mutateOne(from: Arbitrary<unknown>, keys: string[]): Arbitrary<unknown> {
  return fc
    .tuple(from, fc.constantFrom(...keys), fc.option(replacement, { nil: undefined, freq: 6 }))
    .map(([value, key, replacement]) => {
      const copy = { ...(value as Record<string, unknown>) };
      if (replacement === undefined) delete copy[key];
      else copy[key] = replacement;
      return copy;
    });
}

/** The field names of an object schema (through optional, pipes, refinements), else []. */
export function objectKeys(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape!);
  if (def.type === 'pipe') return objectKeys(def.in!).concat(objectKeys(def.out!));
  if (def.innerType) return objectKeys(def.innerType);
  return [];
}
