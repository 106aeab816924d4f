import { expect, it } from 'vitest';
import { describeEachEngine, type TestContext } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';

// Issue 31 item 1: the hot reads cost no database write. The per-address read limit counts in
// this process's memory (server/limits/read-limit.ts); before, every read of an offer wrote a
// rate_limits row.

/** Every table's row count, by table name, and the limit counters themselves (a write may add
 * to an existing row). */
async function rowCounts(ctx: TestContext): Promise<Record<string, unknown>> {
  const { db } = ctx.app;
  const tables = (await db.introspection.getTables()).map((t) => t.name);
  const counts: Record<string, unknown> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table as 'users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  counts.rate_limit_rows = await db
    .selectFrom('rate_limits')
    .selectAll()
    .orderBy('scope')
    .execute();
  return counts;
}

const json = { headers: { accept: 'application/json' } };

describeEachEngine('reads without writes', (ctx) => {
  it('reads an offer, its shop, its seller and a list without writing a row', async () => {
    const { db } = ctx().app;
    const seller = await ctx().userClient();
    const shopId = await personalShopOf(db, seller.user.id);
    const sub = await createSubcategory(db);
    const product = await createProduct(db, {
      shop_id: shopId,
      psubcategory_id: sub.id,
      user_id: seller.user.id,
    });
    const visitor = ctx().client();
    // The first request of a browser sets its cookies (XSRF token): not what is measured.
    await visitor.get('/users/me');
    const before = await rowCounts(ctx());
    expect(before.rate_limits).toBeDefined();
    for (let i = 0; i < 3; i++) {
      const res = await visitor.get(`/products/product/${product.id}`, json);
      expect(res.statusCode).toBe(200);
      expect(res.json().product.id).toBe(product.id);
    }
    expect((await visitor.get(`/shops/shop/${shopId}`, json)).statusCode).toBe(200);
    expect((await visitor.get(`/users/user/${seller.user.id}`, json)).statusCode).toBe(200);
    expect(
      (await visitor.post('/products/all/0/search', { type: 'offer' })).json().products.data,
    ).toHaveLength(1);
    expect(await rowCounts(ctx())).toEqual(before);
  });
});
