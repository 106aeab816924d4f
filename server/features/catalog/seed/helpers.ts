import type {
  FIELD_POSITIONS,
  FIELD_TYPES,
  FIELD_UNITS,
  SUBCATEGORY_UNITS,
  YesNo,
} from '../../../../shared/constants';
import type { SubcategoryFlag } from '../../../../shared/schemas/catalog';

// The shape of the seeded catalogue (SPEC §3's fixed tree) and terse builders for it.
// Every name is a dictionary key (DESIGN §6). A field's values are keys too when the field is
// `translated` yes; fields whose values are brand names, sizes or numbers are `translated` no.

/** A value, or a value that opens a sub-field (a brand → its models). */
export type SeedValue =
  string | { value: string; sub_field: { name: string; values: SeedValue[] } };

export interface SeedField {
  name: string;
  type: (typeof FIELD_TYPES)[number];
  translated: YesNo;
  mesure_unit: (typeof FIELD_UNITS)[number];
  position: (typeof FIELD_POSITIONS)[number];
  values: SeedValue[];
}

export interface SeedSubcategory {
  name: string;
  flags: Record<SubcategoryFlag, YesNo>;
  mesure_unit: (typeof SUBCATEGORY_UNITS)[number];
  fields: SeedField[];
}

export interface SeedCategory {
  name: string;
  subcategories: SeedSubcategory[];
}

type FieldOptions = Partial<Pick<SeedField, 'translated' | 'mesure_unit' | 'position'>>;

const choice =
  (type: 'select' | 'radio' | 'checkbox') =>
  (name: string, values: SeedValue[], options: FieldOptions = {}): SeedField => ({
    name,
    type,
    translated: 'yes',
    mesure_unit: '',
    position: 'second',
    values,
    ...options,
  });

export const select = choice('select');
export const radio = choice('radio');
export const checkbox = choice('checkbox');

/** A select of names shown as typed (brands, sizes, numbers): not dictionary keys. */
export const selectAsTyped = (name: string, values: SeedValue[], options: FieldOptions = {}) =>
  select(name, values, { translated: 'no', ...options });

export const number = (name: string, options: FieldOptions = {}): SeedField => ({
  name,
  type: 'number',
  translated: 'no',
  mesure_unit: '',
  position: 'second',
  values: [],
  ...options,
});

export const text = (name: string, options: FieldOptions = {}): SeedField => ({
  ...number(name, options),
  type: 'text',
});

/** A value opening a sub-field of values shown as typed (a brand's models). */
export const withModels = (brand: string, models: string[]): SeedValue => ({
  value: brand,
  sub_field: { name: 'model', values: models },
});

type Flags = Record<SubcategoryFlag, YesNo>;

/** A category whose subcategories share default flags, each overriding what differs. */
export function category(
  name: string,
  defaults: Flags,
  subcategories: {
    name: string;
    flags?: Partial<Flags>;
    mesure_unit?: SeedSubcategory['mesure_unit'];
    fields: SeedField[];
  }[],
): SeedCategory {
  return {
    name,
    subcategories: subcategories.map((s) => ({
      name: s.name,
      flags: { ...defaults, ...s.flags },
      mesure_unit: s.mesure_unit ?? '',
      fields: s.fields,
    })),
  };
}

/** Flags in SPEC §3's order: used, rented, delivered, priced, counted. */
export function flags(
  used: YesNo,
  rented: YesNo,
  delivered: YesNo,
  priced: YesNo,
  counted: YesNo,
): Flags {
  return {
    can_be_used: used,
    can_be_rented: rented,
    can_be_delivered: delivered,
    can_be_priced: priced,
    can_be_counted: counted,
  };
}
