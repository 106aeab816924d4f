import type { DB } from '../server/db/types';

// The searches of npm run bench:search, grouped by kind: what people type and pick in the web
// app's search and advanced search (SPEC §7), on the data of scripts/seed-bulk.ts. Each kind has
// several variants (different words, places, pages) so that no single cached answer is measured.

export interface SearchCase {
  kind: string;
  /** 'all', 'shop' or 'psubcategory', and its id. */
  source?: { name: 'shop' | 'psubcategory'; id: number };
  body: Record<string, unknown>;
}

const NOUAKCHOTT = { latitude: 18.0858, longitude: -15.9785 };
const TEVRAGH_ZEINA = { latitude: 18.1036, longitude: -15.9953 };
const NOUADHIBOU = { latitude: 20.9419, longitude: -17.0347 };
const KIFFA = { latitude: 16.6201, longitude: -11.4042 };

async function subcategoryId(db: DB, name: string): Promise<number> {
  const row = await db
    .selectFrom('psubcategories')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function fieldId(db: DB, subcategory: number, name: string): Promise<number> {
  const row = await db
    .selectFrom('pfields')
    .select('id')
    .where('psubcategory_id', '=', subcategory)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reference codes ('ref 1x9k2') of products spread over the whole table: words found once. */
async function rareWords(db: DB, count: number): Promise<string[]> {
  const max = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const top = Number(max.id);
  const ids = Array.from({ length: count * 5 }, (_, i) =>
    Math.max(1, Math.round((top * (i + 1)) / (count * 5 + 1))),
  );
  const rows = await db
    .selectFrom('products')
    .select('search_text')
    .where('id', 'in', ids)
    .execute();
  const codes = rows
    .map((r) => /\bref ([0-9a-z]+)/.exec(r.search_text)?.[1])
    .filter((c): c is string => !!c);
  return codes.slice(0, count);
}

export async function searchCases(db: DB): Promise<SearchCase[]> {
  const cars = await subcategoryId(db, 'cars');
  const phones = await subcategoryId(db, 'phones');
  const apartments = await subcategoryId(db, 'apartments');
  const houses = await subcategoryId(db, 'houses');
  const brand = await fieldId(db, cars, 'brand');
  const year = await fieldId(db, cars, 'model_year');
  const mileage = await fieldId(db, cars, 'mileage');
  const carFeatures = await fieldId(db, cars, 'car_features');
  const phoneBrand = await fieldId(db, phones, 'brand');
  const rooms = await fieldId(db, apartments, 'rooms');
  const furnishing = await fieldId(db, apartments, 'furnishing');
  const houseRooms = await fieldId(db, houses, 'rooms');
  const { category } = await db
    .selectFrom('psubcategories')
    .select('pcategory_id as category')
    .where('id', '=', cars)
    .executeTakeFirstOrThrow();
  const shop = await db
    .selectFrom('products')
    .select('shop_id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

  const cases: SearchCase[] = [];
  const add = (kind: string, bodies: Record<string, unknown>[]) =>
    cases.push(...bodies.map((body) => ({ kind, body })));

  add(
    'text: rare word',
    (await rareWords(db, 40)).map((name) => ({ name })),
  );
  // Words in tens or hundreds of thousands of products (1 in 3 for 'prix', 1 in 5 for 'nouakchott').
  add(
    'text: common word',
    ['toyota', 'سيارة', 'nouakchott', 'prix', 'livraison', 'ممتاز', 'téléphone', 'في'].map(
      (name) => ({ name }),
    ),
  );
  add(
    'text: two or three words',
    [
      'voiture propre',
      'très bon état',
      'شقة مفروشة',
      'toyota hilux',
      'iphone 13',
      'سيارة نظيف',
    ].map((name) => ({ name })),
  );
  // No word starts with these: PostgreSQL then looks for near spellings (pg_trgm).
  add(
    'text: misspelt word',
    ['toyata', 'hilox', 'mersedes', 'telefone', 'nouakchot ksr'].map((name) => ({ name })),
  );
  add('text: later pages', [
    { name: 'toyota', page: 2 },
    { name: 'prix', page: 5 },
    { name: 'سيارة', page: 10 },
    { name: 'nouakchott', page: 50 },
    { name: 'livraison', page: 3, page_size: 50 },
  ]);
  add('text + filters', [
    { name: 'toyota', psubcategory_id: cars, min_price: 500_000, max_price: 2_000_000 },
    { name: 'prix', psubcategory_id: phones, used: 'yes' },
    { name: 'nouakchott', pcategory_id: category, negotiable: 'yes' },
    { name: 'مفروشة', psubcategory_id: apartments, offer_type: 'monthly_rent', max_price: 30_000 },
    { name: 'samsung', psubcategory_id: phones, [`pfield_${phoneBrand}`]: 'Samsung' },
  ]);
  add('filters: category, price, flags', [
    { psubcategory_id: cars, min_price: 500_000, max_price: 2_000_000, used: 'yes' },
    { pcategory_id: category, negotiable: 'yes', delivery: 'no' },
    { psubcategory_id: phones, max_price: 10_000 },
    { psubcategory_id: apartments, offer_type: 'monthly_rent', min_price: 20_000 },
    { min_price: 1_000_000, type: 'demand' },
  ]);
  add('filters: field values', [
    {
      psubcategory_id: cars,
      [`pfield_${brand}`]: 'Toyota',
      [`pfield_${year}`]: { min: 2010, max: 2020 },
    },
    { psubcategory_id: cars, [`pfield_${year}`]: { min: 2018 } },
    {
      psubcategory_id: cars,
      [`pfield_${mileage}`]: { max: 50_000 },
      [`pfield_${carFeatures}`]: ['gps'],
    },
    { psubcategory_id: apartments, [`pfield_${rooms}`]: 3, [`pfield_${furnishing}`]: 'furnished' },
    { psubcategory_id: houses, [`pfield_${houseRooms}`]: { min: 4, max: 6 } },
  ]);
  add('distance', [
    { ...NOUAKCHOTT, distance: 5 },
    { ...TEVRAGH_ZEINA, distance: 2, psubcategory_id: cars },
    { ...NOUAKCHOTT, distance: 50, name: 'voiture' },
    { ...NOUADHIBOU, distance: 10, max_price: 50_000 },
    { ...KIFFA, distance: 20, name: 'prix', psubcategory_id: phones },
    { ...TEVRAGH_ZEINA, distance: 3, psubcategory_id: apartments, [`pfield_${rooms}`]: { min: 2 } },
  ]);
  add('newest, shop and subcategory pages', [{}, { page: 3 }, { type: 'demand' }]);
  cases.push(
    {
      kind: 'newest, shop and subcategory pages',
      source: { name: 'psubcategory', id: cars },
      body: {},
    },
    {
      kind: 'newest, shop and subcategory pages',
      source: { name: 'shop', id: shop.shop_id },
      body: { page: 2 },
    },
  );
  return cases;
}

/**
 * The cases in the order they are sent: one of each kind in turn, so that every kind gets the
 * same share of the requests, each kind going through its variants.
 */
export function interleave(cases: SearchCase[]): SearchCase[] {
  const byKind = new Map<string, SearchCase[]>();
  for (const c of cases) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const longest = Math.max(...[...byKind.values()].map((l) => l.length));
  const rounds = longest * 3;
  const order: SearchCase[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const list of byKind.values()) order.push(list[i % list.length]);
  }
  return order;
}
