import type { PcategoryRow, PfieldRow, PsubcategoryRow } from '../../db/types';
import type { Pcategory, Pfield, Psubcategory } from '../../../shared/schemas/catalog';

// Rows → API objects of SPEC §3 (the column checks and the write schemas keep the enums true).

export function toPcategory(row: PcategoryRow): Pcategory {
  return {
    id: row.id,
    name: row.name,
    name_ar: row.name_ar,
    name_fr: row.name_fr,
    order_number: row.order_number,
  };
}

export type PsubcategoryWithCategory = PsubcategoryRow & { pcategory_name: string };

export function toPsubcategory(row: PsubcategoryWithCategory): Psubcategory {
  return {
    id: row.id,
    name: row.name,
    name_ar: row.name_ar,
    name_fr: row.name_fr,
    pcategory_id: row.pcategory_id,
    pcategory: { id: row.pcategory_id, name: row.pcategory_name },
    order_number: row.order_number,
    can_be_used: row.can_be_used,
    can_be_rented: row.can_be_rented,
    can_be_delivered: row.can_be_delivered,
    can_be_priced: row.can_be_priced,
    can_be_counted: row.can_be_counted,
    mesure_unit: row.mesure_unit,
  };
}

export function toPfield(row: PfieldRow): Pfield {
  return {
    id: row.id,
    psubcategory_id: row.psubcategory_id,
    name: row.name,
    name_ar: row.name_ar,
    name_fr: row.name_fr,
    translated: row.translated,
    type: row.type,
    mesure_unit: row.mesure_unit,
    position: row.position,
    values: row.values,
  };
}
