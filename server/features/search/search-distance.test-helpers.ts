import { expect } from 'vitest';
import { now } from '../../db/connect';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/harness';
import { ageAccounts, createSubcategory, liveUntil, personalShopOf } from '../../test/fixtures';
import { signIn } from '../products/products.test-helpers';
import { haversineKm } from './search.test-helpers';

type Point = { latitude: number; longitude: number };
type Places = Map<number, { latitude: number | null; longitude: number | null }>;

// Searches within a distance (the place's indexes: search-place-gist and search-place-cells
// routes tests): the offers placed around a centre, the exact answer from all rows, and every page
// the API answers.

/** A fixed sequence in [0, 1) (no Math.random: a failure must come back the same). */
export function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** A point `km` from `centre` in the direction `angle` (radians), on a plane. */
export const around = (centre: Point, km: number, angle: number): Point => ({
  latitude: centre.latitude + (km * Math.cos(angle)) / 111.2,
  longitude:
    centre.longitude +
    (km * Math.sin(angle)) / (111.2 * Math.cos((centre.latitude * Math.PI) / 180)),
});

/**
 * `count` offers of one seller placed around `centre`, the i-th `kmOf(i)` away in a direction of
 * the sequence `seed`: named "Word i" (every 11th from the 3rd "Other i"), every 17th from the
 * 5th without a place. The places of those of `word`, by id.
 */
export async function placedOffers(
  ctx: TestContext,
  o: {
    centre: Point;
    word: string;
    other: string;
    count: number;
    seed: number;
    kmOf: (i: number, next: () => number) => number;
    priceOf: (i: number) => number;
  },
): Promise<Places> {
  const db = ctx.app.db;
  const subcategory = `${o.other.toLowerCase()}s`;
  const sub = await createSubcategory(db, { name: subcategory });
  const seller = await signIn(ctx);
  await ageAccounts(db, [seller.user.id], 60);
  const shop = await personalShopOf(db, seller.user.id);
  const next = sequence(o.seed);
  const at = now();
  const title = (word: string) => word[0].toUpperCase() + word.slice(1);
  const rows = Array.from({ length: o.count }, (_, i) => {
    const place = around(o.centre, o.kmOf(i, next), next() * 2 * Math.PI);
    const placed = i % 17 !== 5;
    const name = i % 11 === 3 ? `${title(o.other)} ${i}` : `${title(o.word)} ${i}`;
    return {
      type: 'offer' as const,
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: sub.id,
      name,
      price: o.priceOf(i),
      offer_type: 'sale' as const,
      number: 1,
      contact_methods: '["call"]',
      latitude: placed ? Number(place.latitude.toFixed(6)) : null,
      longitude: placed ? Number(place.longitude.toFixed(6)) : null,
      ...searchColumns([name], [subcategory], []),
      created_at: at,
      updated_at: at,
      expires_at: liveUntil(at),
    };
  });
  const inserted = await db
    .insertInto('products')
    .values(rows)
    .returning(['id', 'name', 'latitude', 'longitude'])
    .execute();
  return new Map(
    inserted
      .filter((r) => r.name.startsWith(title(o.word)))
      .map((r) => [r.id, { latitude: r.latitude, longitude: r.longitude }]),
  );
}

/**
 * The exact answer to a search within `km` of `centre`, from all rows (`places`: the products of
 * its word by id): the placed ones within the distance, nearest first or newest (highest id) first.
 */
export function withinKmReference(
  places: Places,
  centre: Point,
  km: number,
  order: 'nearest' | 'newest' = 'nearest',
): number[] {
  return [...places.entries()]
    .filter(([, p]) => p.latitude !== null && p.longitude !== null)
    .map(([id, p]) => ({ id, d: haversineKm(centre, p as typeof centre) }))
    .filter((p) => p.d <= km)
    .sort((a, b) => (order === 'nearest' ? a.d - b.d : 0) || b.id - a.id)
    .map((p) => p.id);
}

/** The ids of every page (of 100) a visitor's search answers. */
export async function everyPageOf(client: TestClient, body: object): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const res = await client.post('/products/all/0/search', { ...body, page, page_size: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const data: { id: number }[] = res.json().products.data;
    found.push(...data.map((c) => c.id));
    if (data.length < 100) return found;
  }
}
