import { FIELD_UNITS, SUBCATEGORY_UNITS } from '../../../../shared/constants';
import type { SeedCategory, SeedValue } from './helpers';

/** The dictionary key of a unit (SPEC §9): `unit_KM`, `unit_HO`… */
export const unitKey = (unit: string) => `unit_${unit}`;

/**
 * Every dictionary key the seeded tree shows: category, subcategory, field and sub-field names,
 * the values of translated fields, and every unit.
 */
export function catalogKeys(tree: SeedCategory[]): Set<string> {
  const keys = new Set<string>();
  const addValues = (values: SeedValue[], translated: boolean) => {
    for (const v of values) {
      if (typeof v === 'string') {
        if (translated) keys.add(v);
        continue;
      }
      if (translated) keys.add(v.value);
      keys.add(v.sub_field.name);
      addValues(v.sub_field.values, translated);
    }
  };
  for (const category of tree) {
    keys.add(category.name);
    for (const sub of category.subcategories) {
      keys.add(sub.name);
      for (const field of sub.fields) {
        keys.add(field.name);
        addValues(field.values, field.translated === 'yes');
      }
    }
  }
  for (const unit of [...SUBCATEGORY_UNITS, ...FIELD_UNITS]) if (unit) keys.add(unitKey(unit));
  return keys;
}
