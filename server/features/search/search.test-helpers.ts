import { expect, onTestFinished } from 'vitest';
import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/harness';
import { ageAccounts, createSubcategory, liveUntil, personalShopOf } from '../../test/fixtures';
import { createPfield, signIn } from '../products/products.test-helpers';
import { NEIGHBOURHOODS } from '../../db/demo-offers';
import { EARTH_RADIUS_KM } from './search-geo';

// The world the search suites look into: two categories, fields, and offers and demands placed
// in Nouakchott's neighbourhoods (and two other towns), posted through the products API so that
// their search text is the products feature's own.

const { tevraghZeina, ksar, sebkha, elMina, arafat, darNaim } = NEIGHBOURHOODS;

/** Real places (WGS 84): the demo's neighbourhoods and two other towns; the searcher stands in Tevragh Zeina. */
export const PLACES = {
  tevraghZeina,
  ksar,
  sebkha,
  elMina,
  arafat,
  darNaim,
  rosso: { latitude: 16.5138, longitude: -15.805 },
  nouadhibou: { latitude: 20.9419, longitude: -17.0347 },
} as const;
export type Place = keyof typeof PLACES;

export function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface World {
  seller: { client: TestClient; user: { id: number } };
  other: { client: TestClient; user: { id: number } };
  sellerShop: number;
  otherShop: number;
  cars: number;
  appliances: number;
  phones: number;
  vehiclesCategory: number;
  homeCategory: number;
  fields: { brand: number; year: number; features: number; colour: number; gearbox: number };
  /** Product ids by a short label. */
  p: Record<string, number>;
  /** Where each placed product stands. */
  placeOf: Record<string, Place>;
}

interface Offer {
  label: string;
  by?: 'seller' | 'other';
  type?: 'offer' | 'demand';
  sub: 'cars' | 'appliances' | 'phones';
  place?: Place;
  body: Record<string, unknown>;
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const db = ctx.app.db;
  const carsSub = await createSubcategory(db, { name: 'cars' });
  const appliancesSub = await createSubcategory(db, { name: 'appliances', can_be_rented: 'no' });
  // Phones share the appliances' category (createSubcategory makes one category per call).
  const phonesSub = await db
    .insertInto('psubcategories')
    .values({
      pcategory_id: appliancesSub.pcategory_id,
      name: 'phones',
      created_at: appliancesSub.created_at,
      updated_at: appliancesSub.updated_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const fields = {
    brand: (await createPfield(db, carsSub.id, 'select', ['Toyota', 'Mercedes'], 'brand')).id,
    year: (await createPfield(db, carsSub.id, 'number', [], 'model_year')).id,
    features: (
      await createPfield(
        db,
        carsSub.id,
        'checkbox',
        ['air_conditioning', 'gps', 'sunroof'],
        'car_features',
      )
    ).id,
    colour: (await createPfield(db, carsSub.id, 'text', [], 'colour')).id,
    gearbox: (await createPfield(db, carsSub.id, 'radio', ['manual', 'automatic'], 'gearbox')).id,
  };
  const seller = await signIn(ctx);
  const other = await signIn(ctx);
  // Established sellers: the new-account limit on offers a day (issue 19) is not searched here.
  await ageAccounts(db, [seller.user.id, other.user.id], 60);
  const subs = { cars: carsSub.id, appliances: appliancesSub.id, phones: phonesSub.id };
  const f = fields;

  const offers: Offer[] = [
    {
      label: 'hilux',
      sub: 'cars',
      place: 'ksar',
      body: {
        name: 'سيارة تويوتا هيلوكس',
        name_fr: 'Toyota Hilux double cabine',
        more_infos_fr: 'Très propre, climatisation',
        price: 1_500_000,
        negotiable: 'yes',
        used: 'yes',
        [`pfield_${f.brand}`]: 'Toyota',
        [`pfield_${f.year}`]: '2015',
        [`pfield_${f.features}`]: ['air_conditioning', 'gps'],
        [`pfield_${f.colour}`]: 'blanc',
        [`pfield_${f.gearbox}`]: 'manual',
      },
    },
    {
      label: 'mercedes',
      sub: 'cars',
      place: 'elMina',
      body: {
        name: 'Mercedes 190',
        name_ar: 'مرسيدس 190',
        price: 600_000,
        negotiable: 'no',
        used: 'yes',
        [`pfield_${f.brand}`]: 'Mercedes',
        [`pfield_${f.year}`]: '1990',
        [`pfield_${f.features}`]: ['air_conditioning'],
        [`pfield_${f.gearbox}`]: 'automatic',
      },
    },
    {
      label: 'prado',
      sub: 'cars',
      place: 'nouadhibou',
      by: 'other',
      body: {
        name: 'Location Toyota Prado',
        price: 90_000,
        offer_type: 'monthly_rent',
        [`pfield_${f.brand}`]: 'Toyota',
        [`pfield_${f.year}`]: '2020',
        [`pfield_${f.features}`]: ['gps', 'sunroof', 'air_conditioning'],
      },
    },
    {
      label: 'yaris',
      sub: 'cars',
      body: { name: 'Toyota Yaris ٢٠١٨', price: 450_000, delivery: 'no' },
    },
    {
      label: 'fridge',
      sub: 'appliances',
      place: 'arafat',
      by: 'other',
      body: {
        name: 'Réfrigérateur Samsung',
        name_ar: 'ثلاجة سامسونج',
        price: 25_000,
        delivery: 'yes',
        used: 'no',
      },
    },
    {
      label: 'phone',
      sub: 'phones',
      place: 'darNaim',
      body: { name: 'iPhone 12 محل أحمد', price: 18_000, delivery: 'yes', used: 'yes' },
    },
    {
      label: 'private',
      sub: 'phones',
      place: 'sebkha',
      body: { name: 'Samsung Galaxy S21', price: 12_000, private: 'yes' },
    },
    {
      label: 'rosso',
      sub: 'appliances',
      place: 'rosso',
      by: 'other',
      body: { name: 'Climatiseur LG', price: 30_000, delivery: 'yes' },
    },
    {
      label: 'wanted',
      sub: 'cars',
      type: 'demand',
      place: 'tevraghZeina',
      by: 'other',
      body: { name: 'مطلوب سيارة تويوتا', price: 1_000_000 },
    },
    {
      label: 'sold',
      sub: 'phones',
      place: 'ksar',
      body: { name: 'Tecno Spark 10', price: 5_000, number: 2 },
    },
  ];

  const p: Record<string, number> = {};
  const placeOf: Record<string, Place> = {};
  for (const o of offers) {
    const who = o.by === 'other' ? other : seller;
    const res = await who.client.post(`/products/create/${o.type ?? 'offer'}`, {
      psubcategory_id: subs[o.sub],
      ...(o.place ? PLACES[o.place] : {}),
      ...o.body,
    });
    if (res.statusCode !== 201) throw new Error(`${o.label}: ${res.body}`);
    p[o.label] = res.json().product.id;
    if (o.place) placeOf[o.label] = o.place;
  }
  // Sold out (both units): still found, and marked.
  await db
    .updateTable('products')
    .set({ sold_count: 2, sold: 1 })
    .where('id', '=', p.sold)
    .execute();

  return {
    seller,
    other,
    sellerShop: await personalShopOf(db, seller.user.id),
    otherShop: await personalShopOf(db, other.user.id),
    ...subs,
    vehiclesCategory: carsSub.pcategory_id,
    homeCategory: appliancesSub.pcategory_id,
    fields,
    p,
    placeOf,
  };
}

/**
 * The search suites' calls: `search` posts a search, `found` answers the labels of the products
 * found, in order (`#id` for a product outside the world).
 */
export function searchCalls(ctx: () => TestContext, world: () => World) {
  const search = (body: Record<string, unknown> = {}, url = '/products/all/0/search') =>
    ctx().client().post(url, body);
  async function found(body: Record<string, unknown> = {}, url?: string): Promise<string[]> {
    const res = await search(body, url);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(Object.entries(world().p).map(([label, id]) => [id, label]));
    return res.json().products.data.map((c: { id: number }) => byId.get(c.id) ?? `#${c.id}`);
  }
  /** What each search finds, by its label: [label, body, source url]. */
  async function foundEach(
    searches: [string, Record<string, unknown>, string?][],
  ): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const [label, body, url] of searches) out[label] = await found(body, url);
    return out;
  }
  return { search, found, foundEach };
}

export const sorted = (list: string[]) => [...list].sort();

/**
 * `count` Toyota Hilux offers of the world's seller, newer than all of its own, written at once
 * (pages past the first 1,001 matches are read on their own, search.repository.ts); deleted when
 * the test ends.
 */
export async function postNewerHiluxes(db: DB, w: World, count: number) {
  const at = now();
  const rows = Array.from({ length: count }, (_, i) => ({
    type: 'offer' as const,
    shop_id: w.sellerShop,
    user_id: w.seller.user.id,
    psubcategory_id: w.cars,
    name: `Toyota Hilux ${i}`,
    price: 1_500_000,
    offer_type: 'sale' as const,
    number: 1,
    contact_methods: '["call"]',
    ...searchColumns([`Toyota Hilux ${i}`], ['cars'], []),
    created_at: at,
    updated_at: at,
    expires_at: liveUntil(at),
  }));
  await db.insertInto('products').values(rows).execute();
  onTestFinished(async () => {
    await db.deleteFrom('products').where('name', 'like', 'Toyota Hilux %').execute();
  });
}
