import { CompiledQuery } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { townById } from '../../../shared/domain/places';
import { PRICE_HINT_LIMIT } from '../../../shared/constants';
import { recentPricesQuery } from './price-hints.repository';

// Issue 32 item 6: the typical price of similar live offers, from a known distribution, on both
// engines: the town's when it has 8, else the country's, else none; what is not a live offer of
// the same subcategory, offer type and last 90 days does not count.

const NOUAKCHOTT = townById('nouakchott')!;
const NOUADHIBOU = townById('nouadhibou')!;
const ROSSO = townById('rosso')!;
const DAY = 86_400_000;

afterEach(() => vi.useRealTimers());

async function market(ctx: TestContext) {
  const { db } = ctx.app;
  const seller = await ctx.userClient();
  const shopId = await personalShopOf(db, seller.user.id);
  const sub = await createSubcategory(db);
  const offer = (
    values: Parameters<typeof createProduct>[1] extends infer V ? Partial<V> : never,
  ) => createProduct(db, { shop_id: shopId, psubcategory_id: sub.id, ...values });
  const near = (town: { latitude: number; longitude: number }, i: number) => ({
    // Spread around the centre, all within the town's radius (a few km).
    latitude: town.latitude + (i % 3) * 0.01,
    longitude: town.longitude - (i % 4) * 0.01,
  });
  // Nouakchott: 10,000 … 120,000 (12 offers); Nouadhibou: 200,000 … 270,000 (8 offers).
  for (let i = 1; i <= 12; i++) await offer({ price: i * 10_000, ...near(NOUAKCHOTT, i) });
  for (let i = 0; i < 8; i++) await offer({ price: 200_000 + i * 10_000, ...near(NOUADHIBOU, i) });
  // None of these counts: another offer type, hidden, sold, no price, too old, a demand, expired.
  const old = new Date(Date.now() - 91 * DAY).toISOString();
  const ended = new Date(Date.now() - 1000).toISOString();
  const outside = [
    { price: 5, offer_type: 'monthly_rent' as const },
    { price: 5, moderation_status: 'hidden' as const },
    { price: 5, sold: 1 },
    { price: null },
    { price: 5, created_at: old },
    { price: 5, type: 'demand' as const, offer_type: 'buy' as const },
    { price: 5, expires_at: ended },
  ];
  for (const values of outside) await offer({ ...values, ...near(NOUAKCHOTT, 0) });
  return { sub, offer, near };
}

const hintUrl = (subId: number, query: string) => `/psubcategories/${subId}/price-hint?${query}`;
const at = (town: { latitude: number; longitude: number }) =>
  `latitude=${town.latitude}&longitude=${town.longitude}`;

describeEachEngine('price hints', (ctx) => {
  it("gives the town's median and middle half, else the country's", async () => {
    const { sub } = await market(ctx());
    const client = ctx().client();
    const hint = async (query: string) => {
      const res = await client.get(hintUrl(sub.id, query));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().hint;
    };
    expect(await hint(`offer_type=sale&${at(NOUAKCHOTT)}`)).toEqual({
      median: 65_000,
      low: 37_500,
      high: 92_500,
      count: 12,
      scope: 'town',
    });
    expect(await hint(`offer_type=sale&${at(NOUADHIBOU)}`)).toEqual({
      median: 235_000,
      low: 217_500,
      high: 252_500,
      count: 8,
      scope: 'town',
    });
    const country = { median: 105_000, low: 57_500, high: 222_500, count: 20, scope: 'country' };
    // Rosso has none; no place given; a point far from every town: the country's.
    expect(await hint(`offer_type=sale&${at(ROSSO)}`)).toEqual(country);
    expect(await hint('offer_type=sale')).toEqual(country);
    expect(await hint('offer_type=sale&latitude=&longitude=')).toEqual(country);
    expect(await hint('offer_type=sale&latitude=24&longitude=-5')).toEqual(country);
    // A demand to buy is priced as the offers for sale; the one rent offer is too few.
    expect(await hint(`offer_type=buy&${at(NOUADHIBOU)}`)).toMatchObject({ median: 235_000 });
    expect(await hint('offer_type=monthly_rent')).toBe(null);
  });

  it('says nothing under 8 offers, nor for a subcategory without prices', async () => {
    const { db } = ctx().app;
    const seller = await ctx().userClient();
    const shopId = await personalShopOf(db, seller.user.id);
    const sub = await createSubcategory(db);
    for (let i = 1; i <= 7; i++) {
      await createProduct(db, { shop_id: shopId, psubcategory_id: sub.id, price: i * 1000 });
    }
    const client = ctx().client();
    expect((await client.get(hintUrl(sub.id, 'offer_type=sale'))).json()).toEqual({ hint: null });
    const unpriced = await createSubcategory(db, { can_be_priced: 'no' });
    expect((await client.get(hintUrl(unpriced.id, 'offer_type=sale'))).json()).toEqual({
      hint: null,
    });
  });

  it('refuses bad input with the errors object, and an unknown subcategory with 404', async () => {
    const { sub } = await market(ctx());
    const client = ctx().client();
    const cases: [string, string][] = [
      ['', 'offer_type'],
      ['offer_type=lease', 'offer_type'],
      ['offer_type=sale&latitude=18', 'longitude'],
      ['offer_type=sale&longitude=-15', 'latitude'],
      ['offer_type=sale&latitude=91&longitude=0', 'latitude'],
      ['offer_type=sale&latitude=abc&longitude=0', 'latitude'],
    ];
    for (const [query, field] of cases) {
      const res = await client.get(hintUrl(sub.id, query));
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    expect((await client.get(hintUrl(999_999, 'offer_type=sale'))).statusCode).toBe(404);
    // A malformed id is an unknown path, as everywhere (no 500).
    expect((await client.get('/psubcategories/0/price-hint?offer_type=sale')).statusCode).toBe(404);
  });

  it('keeps a hint a few minutes, then reads the offers again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const { sub, offer, near } = await market(ctx());
    const client = ctx().client();
    const median = async () =>
      (await client.get(hintUrl(sub.id, `offer_type=sale&${at(NOUADHIBOU)}`))).json().hint.median;
    expect(await median()).toBe(235_000);
    await offer({ price: 1_000_000, ...near(NOUADHIBOU, 1) });
    expect(await median()).toBe(235_000);
    vi.setSystemTime(new Date(Date.now() + 5 * 60_000 + 1000));
    expect(await median()).toBe(240_000);
  });

  it('limits the asking per address in memory, with no database write', async () => {
    const { sub } = await market(ctx());
    const scraper = ctx().client();
    const url = hintUrl(sub.id, `offer_type=sale&${at(NOUAKCHOTT)}`);
    await scraper.get(url);
    const rows = await ctx().app.db.selectFrom('rate_limits').selectAll().execute();
    let last = 0;
    for (let i = 1; i < PRICE_HINT_LIMIT.limit * ctx().config.userRateLimitFactor + 1; i++) {
      last = (await scraper.get(url)).statusCode;
    }
    expect(last).toBe(429);
    expect((await ctx().client().get(url)).statusCode).toBe(200);
    expect(await ctx().app.db.selectFrom('rate_limits').selectAll().execute()).toEqual(rows);
  });

  it('reads a hint from its index alone', async () => {
    const { db } = ctx().app;
    const since = new Date(Date.now() - 90 * DAY).toISOString();
    const query = recentPricesQuery(db, 1, 'sale', since).compile();
    if (ctx().engine === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain(
        'USING COVERING INDEX products_price_hint',
      );
    } else {
      // The tables are small here, which no plan tells apart: in a transaction undone after, the
      // other indexes of products go and scans of the table are priced out. What is left must
      // read the hint from this index alone.
      const plan = await db
        .transaction()
        .execute(async (trx) => {
          const others = await trx.executeQuery<{ name: string }>(
            CompiledQuery.raw(`select indexname as name from pg_indexes where tablename = 'products'
              and indexname <> 'products_price_hint' and indexdef not like '%UNIQUE%'`),
          );
          for (const { name } of others.rows) {
            await trx.executeQuery(CompiledQuery.raw(`drop index ${name}`));
          }
          for (const scan of ['seqscan', 'bitmapscan']) {
            await trx.executeQuery(CompiledQuery.raw(`set local enable_${scan} = off`));
          }
          const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
          );
          throw Object.assign(new Error('undo'), { rows: rows.rows });
        })
        .catch((error: { rows?: { 'QUERY PLAN': string }[] }) => {
          if (!error.rows) throw error;
          return error.rows;
        });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(
        'Index Only Scan using products_price_hint',
      );
    }
  });
});
