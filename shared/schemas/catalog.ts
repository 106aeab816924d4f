import { z } from './common';
import type { FieldValue } from '../domain/pfield-values';
import { numberText } from '../domain/numbers';
import { FIELD_POSITIONS, FIELD_TYPES, FIELD_UNITS, SUBCATEGORY_UNITS, YES_NO } from '../constants';

// Catalogue requests and responses (SPEC §3, §5, §7). Create bodies apply SPEC §9's defaults;
// update bodies (PUT, "same body") need the name again and keep whatever else they leave out.
// Every message is a dictionary key: `required`, `bad_input`, `invalid_json`.

/** Kept within a 32-bit integer so that no engine overflows (PostgreSQL's `integer`). */
const ORDER_NUMBER_MAX = 2_147_483_647;
const NAME_MAX = 100;
/** A field's possible values: far more than any select needs, far less than the body limit. */
export const FIELD_VALUES_MAX_CHARS = 64 * 1024;
const VALUES_MAX_ITEMS = 1000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Names are dictionary keys (DESIGN §6): required, trimmed. */
const name = z.string().trim().min(1, 'required').max(NAME_MAX);
/** Optional labels (DESIGN §6); '' or null clears them. */
const label = z
  .string()
  .trim()
  .max(NAME_MAX)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/** SPEC §5: numeric and at least 1. Numbers or digit strings (form inputs); '' means "not given". */
const orderNumber = z.preprocess(
  blankToUndefined,
  z
    .union([
      z.number(),
      // Typed in any digits (issue 35 item 3).
      z.string().transform(numberText).pipe(z.string().regex(/^\d+$/)).transform(Number),
    ])
    .pipe(z.number().int().min(1).max(ORDER_NUMBER_MAX))
    .optional(),
);

const yesNoOptional = z.enum(YES_NO).optional();
/** A unit: null counts as the empty unit; undefined as "not given". */
const unit = <T extends readonly [string, ...string[]]>(units: T) =>
  z.preprocess((v) => (v === null ? '' : v), z.enum(units).optional());

// --- Categories ---------------------------------------------------------------------------

export const pcategoryCreateBody = z.object({
  name,
  name_ar: label,
  name_fr: label,
  order_number: orderNumber.transform((v) => v ?? 1),
});
export type PcategoryCreateBody = z.infer<typeof pcategoryCreateBody>;

export const pcategoryUpdateBody = z.object({
  name,
  name_ar: label,
  name_fr: label,
  order_number: orderNumber,
});
export type PcategoryUpdateBody = z.infer<typeof pcategoryUpdateBody>;

export const pcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  name_fr: z.string().nullable(),
  order_number: z.number().int(),
});
export type Pcategory = z.infer<typeof pcategory>;

// --- Subcategories ------------------------------------------------------------------------

export const SUBCATEGORY_FLAGS = [
  'can_be_used',
  'can_be_rented',
  'can_be_delivered',
  'can_be_priced',
  'can_be_counted',
] as const;
export type SubcategoryFlag = (typeof SUBCATEGORY_FLAGS)[number];

const subcategoryFields = {
  name,
  name_ar: label,
  name_fr: label,
  order_number: orderNumber,
  can_be_used: yesNoOptional,
  can_be_rented: yesNoOptional,
  can_be_delivered: yesNoOptional,
  can_be_priced: yesNoOptional,
  can_be_counted: yesNoOptional,
  mesure_unit: unit(SUBCATEGORY_UNITS),
};

/** SPEC §9: a new subcategory has order_number 1, every can_be_* yes and no unit. */
export const psubcategoryCreateBody = z.object(subcategoryFields).transform((b) => ({
  ...b,
  order_number: b.order_number ?? 1,
  can_be_used: b.can_be_used ?? 'yes',
  can_be_rented: b.can_be_rented ?? 'yes',
  can_be_delivered: b.can_be_delivered ?? 'yes',
  can_be_priced: b.can_be_priced ?? 'yes',
  can_be_counted: b.can_be_counted ?? 'yes',
  mesure_unit: b.mesure_unit ?? '',
}));
export type PsubcategoryCreateBody = z.infer<typeof psubcategoryCreateBody>;

/** Same body; `pcategory_id` moves the subcategory to another category. */
export const psubcategoryUpdateBody = z.object({
  ...subcategoryFields,
  pcategory_id: z.number().int().positive().max(ORDER_NUMBER_MAX).optional(),
});
export type PsubcategoryUpdateBody = z.infer<typeof psubcategoryUpdateBody>;

export const psubcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  name_fr: z.string().nullable(),
  pcategory_id: z.number().int(),
  pcategory: z.object({ id: z.number().int(), name: z.string() }),
  order_number: z.number().int(),
  can_be_used: z.enum(YES_NO),
  can_be_rented: z.enum(YES_NO),
  can_be_delivered: z.enum(YES_NO),
  can_be_priced: z.enum(YES_NO),
  can_be_counted: z.enum(YES_NO),
  mesure_unit: z.enum(SUBCATEGORY_UNITS),
});
export type Psubcategory = z.infer<typeof psubcategory>;

// --- Fields -------------------------------------------------------------------------------

export type { FieldValue } from '../domain/pfield-values';

const fieldValue: z.ZodType<FieldValue> = z.lazy(() =>
  z.object({
    value: z.union([
      z.string().trim().min(1).max(NAME_MAX),
      z.number().refine(Number.isFinite).transform(String),
    ]),
    // Issue 35 item 18: a sub-field's labels, like a field's (kept only when given).
    sub_field: z
      .object({ name, name_ar: label, name_fr: label, values: fieldValueList })
      .nullish()
      .transform((v) =>
        v
          ? {
              name: v.name,
              ...(v.name_ar ? { name_ar: v.name_ar } : {}),
              ...(v.name_fr ? { name_fr: v.name_fr } : {}),
              values: v.values,
            }
          : undefined,
      ),
  }),
);

/** Values of one list are distinct: a product stores the value itself. */
const fieldValueList: z.ZodType<FieldValue[]> = z.lazy(() =>
  z
    .array(fieldValue)
    .max(VALUES_MAX_ITEMS)
    .refine((items) => new Set(items.map((i) => i.value)).size === items.length),
);

/** Parses SPEC §3's values JSON text; undefined when it is not JSON or not a list of values. */
export function parseFieldValues(text: string): FieldValue[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = fieldValueList.safeParse(parsed);
  return result.success ? result.data : undefined;
}

/**
 * `values` travels as JSON text (SPEC §3). Blank text means no values. It is stored as the
 * canonical JSON of what was understood (unknown keys dropped, numbers as strings).
 */
const valuesText = z.preprocess(
  (v) => (v === null ? '' : v),
  z
    .string()
    .max(FIELD_VALUES_MAX_CHARS)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      if (text.trim() === '') return '[]';
      try {
        JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid_json' });
        return z.NEVER;
      }
      const values = parseFieldValues(text);
      if (!values) {
        ctx.addIssue({ code: 'custom', message: 'bad_input' });
        return z.NEVER;
      }
      return JSON.stringify(values);
    }),
);

const fieldFields = {
  name,
  name_ar: label,
  name_fr: label,
  translated: yesNoOptional,
  type: z.enum(FIELD_TYPES).optional(),
  mesure_unit: unit(FIELD_UNITS),
  position: z.enum(FIELD_POSITIONS).optional(),
  values: valuesText,
};

/** SPEC §9: a new field is translated, of type text, in the third position. */
export const pfieldCreateBody = z.object(fieldFields).transform((b) => ({
  ...b,
  translated: b.translated ?? 'yes',
  type: b.type ?? 'text',
  mesure_unit: b.mesure_unit ?? '',
  position: b.position ?? 'third',
  values: b.values ?? '[]',
}));
export type PfieldCreateBody = z.infer<typeof pfieldCreateBody>;

export const pfieldUpdateBody = z.object(fieldFields);
export type PfieldUpdateBody = z.infer<typeof pfieldUpdateBody>;

export const pfield = z.object({
  id: z.number().int(),
  psubcategory_id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  name_fr: z.string().nullable(),
  translated: z.enum(YES_NO),
  type: z.enum(FIELD_TYPES),
  mesure_unit: z.enum(FIELD_UNITS),
  position: z.enum(FIELD_POSITIONS),
  /** JSON text of FieldValue[] (SPEC §7). */
  values: z.string(),
});
export type Pfield = z.infer<typeof pfield>;

// --- Paths and pages ----------------------------------------------------------------------

const pathId = z.coerce.number().int().positive().max(ORDER_NUMBER_MAX);
export const pcategoryIdParam = z.object({ pcategory_id: pathId });
export const psubcategoryIdParam = z.object({ psubcategoryId: pathId });

export { pageBody as pageInput } from './common';
