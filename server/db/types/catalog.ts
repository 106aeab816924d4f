import type { Selectable } from 'kysely';
import type {
  FIELD_POSITIONS,
  FIELD_TYPES,
  FIELD_UNITS,
  SUBCATEGORY_UNITS,
  YesNo,
} from '../../../shared/constants';
import type { Id, Defaulted } from './columns';

// Row types of the catalogue: categories, subcategories and their fields.

type FieldType = (typeof FIELD_TYPES)[number];
type FieldUnit = (typeof FIELD_UNITS)[number];
type FieldPosition = (typeof FIELD_POSITIONS)[number];
type SubcategoryUnit = (typeof SUBCATEGORY_UNITS)[number];

export interface PcategoriesTable {
  id: Id;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  order_number: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

export interface PsubcategoriesTable {
  id: Id;
  pcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  order_number: Defaulted<number>;
  can_be_used: Defaulted<YesNo>;
  can_be_rented: Defaulted<YesNo>;
  can_be_delivered: Defaulted<YesNo>;
  can_be_priced: Defaulted<YesNo>;
  can_be_counted: Defaulted<YesNo>;
  mesure_unit: Defaulted<SubcategoryUnit>;
  created_at: string;
  updated_at: string;
}

export interface PfieldsTable {
  id: Id;
  psubcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  translated: Defaulted<YesNo>;
  type: Defaulted<FieldType>;
  mesure_unit: Defaulted<FieldUnit>;
  position: Defaulted<FieldPosition>;
  values: Defaulted<string>; // JSON text: [{ value, sub_field?: { name, values } }]
  created_at: string;
  updated_at: string;
}

export type PcategoryRow = Selectable<PcategoriesTable>;
export type PsubcategoryRow = Selectable<PsubcategoriesTable>;
export type PfieldRow = Selectable<PfieldsTable>;
