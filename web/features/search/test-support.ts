import type { Pcategory, Pfield, Psubcategory } from '../../../shared/schemas/catalog';
import type { Pagination } from '../../../shared/schemas/common';
import type { ProductCard } from '../../../shared/schemas/products';
import type { Handler } from '../../test/render-app';
export { aCard } from '../products/components/product-fixtures.test-support';

// Test data of the search screens: a slice of the seeded catalogue (names are dictionary keys).

export const categories: Pcategory[] = [
  { id: 1, name: 'vehicles', name_ar: null, name_fr: null, order_number: 1 },
  { id: 2, name: 'real_estate', name_ar: null, name_fr: null, order_number: 2 },
  { id: 3, name: 'multimedia', name_ar: null, name_fr: 'Image et son', order_number: 3 },
];

function subcategory(id: number, pcategory_id: number, name: string): Psubcategory {
  return {
    id,
    name,
    name_ar: null,
    name_fr: null,
    pcategory_id,
    pcategory: { id: pcategory_id, name: categories[pcategory_id - 1].name },
    order_number: id,
    can_be_used: 'yes',
    can_be_rented: 'yes',
    can_be_delivered: 'no',
    can_be_priced: 'yes',
    can_be_counted: 'no',
    mesure_unit: '',
  } as Psubcategory;
}

export const subcategories: Record<number, Psubcategory[]> = {
  1: [subcategory(1, 1, 'cars'), subcategory(2, 1, 'motorcycles'), subcategory(3, 1, 'trucks')],
  2: [subcategory(10, 2, 'apartments'), subcategory(11, 2, 'houses')],
  3: [subcategory(20, 3, 'phones')],
};

function field(
  id: number,
  name: string,
  type: Pfield['type'],
  values: string[],
  translated: 'yes' | 'no' = 'yes',
  mesure_unit: Pfield['mesure_unit'] = '',
): Pfield {
  return {
    id,
    psubcategory_id: 1,
    name,
    name_ar: null,
    name_fr: null,
    translated,
    type,
    mesure_unit,
    position: 'first',
    values: JSON.stringify(values.map((value) => ({ value }))),
  };
}

/** SPEC §3: a brand opens its models (a sub-field, `pfield_{id}_sub`). */
const brand: Pfield = {
  ...field(1, 'brand', 'select', [], 'no'),
  values: JSON.stringify([
    {
      value: 'Toyota',
      sub_field: { name: 'model', values: [{ value: 'Hilux' }, { value: 'Corolla' }] },
    },
    { value: 'Mercedes', sub_field: { name: 'model', values: [{ value: '190' }] } },
  ]),
};

export const carFields: Pfield[] = [
  brand,
  field(2, 'model_year', 'number', [], 'no'),
  field(3, 'mileage', 'number', [], 'no', 'KM'),
  field(4, 'fuel', 'select', ['petrol', 'diesel']),
  field(7, 'customs', 'radio', ['customs_cleared', 'not_customs_cleared']),
  field(9, 'car_features', 'checkbox', ['air_conditioning', 'gps']),
];

const ok = (body: unknown) => () => ({ status: 200, body });

export const catalogHandlers: Record<string, Handler> = {
  'GET /pcategories/all': ok({ pcategories: categories }),
  ...Object.fromEntries(
    Object.entries(subcategories).map(([id, list]) => [
      `GET /psubcategories/pcategory/${id}`,
      ok({ psubcategories: list }),
    ]),
  ),
  'GET /pfields/psubcategory/1': ok({ pfields: carFields }),
  'GET /pfields/psubcategory/2': ok({ pfields: [] }),
};

export function pageOf<T>(data: T[], page = 1, total = data.length, perPage = 20): Pagination<T> {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    to: data.length ? (page - 1) * perPage + data.length : null,
    data,
  };
}

export type SearchCardLike = ProductCard & { distance_km?: number | null };
