import zlib from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { signIn } from './products.test-helpers';
import { keptAnswerStats } from '../../plugins/kept-answer';

// GET /products/product/{id} answers visitors from a short in-process cache (product-cache.ts):
// whatever changes the product, through the API or straight in the database, shows at once.
describeEachEngine('products: the cached product read', (ctx) => {
  let subId: number;
  let shopId: number;
  let ownerId: number;

  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db)).id;
    const owner = await signIn(ctx());
    ownerId = owner.user.id;
    shopId = await personalShopOf(db, ownerId);
  });

  const newProduct = () =>
    createProduct(ctx().app.db, { shop_id: shopId, psubcategory_id: subId, user_id: ownerId });
  const read = async (id: number) => {
    const res = await ctx().client().get(`/products/product/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().product;
  };

  it('shows a save made by someone else at once, and their own mark only to them', async () => {
    const { id } = await newProduct();
    expect(await read(id)).toMatchObject({ saved_count: 0, saved: false });
    const { client } = await signIn(ctx());
    expect((await client.get(`/products/favorite/add/${id}`)).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ saved_count: 1, saved: false });
    expect((await client.get(`/products/product/${id}`)).json().product).toMatchObject({
      saved_count: 1,
      saved: true,
    });
  });

  it('shows changes written straight to the database, to the product and to its shop', async () => {
    const { id } = await newProduct();
    await read(id);
    const db = ctx().app.db;
    await db.updateTable('products').set({ name: 'renamed' }).where('id', '=', id).execute();
    await db.updateTable('shops').set({ name: 'new shop name' }).where('id', '=', shopId).execute();
    expect(await read(id)).toMatchObject({ name: 'renamed', shop: { name: 'new shop name' } });
  });

  it('answers 404 once the product is deleted', async () => {
    const { id } = await newProduct();
    await read(id);
    await ctx().app.db.deleteFrom('products').where('id', '=', id).execute();
    expect((await ctx().client().get(`/products/product/${id}`)).statusCode).toBe(404);
  });

  it('sends the same answer gzipped to clients that take gzip, and plain to others', async () => {
    const { id } = await newProduct();
    const plain = await ctx().client().get(`/products/product/${id}`);
    const gzipped = await ctx()
      .client()
      .get(`/products/product/${id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await ctx()
      .client()
      .get(`/products/product/${id}`, { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  // Issue 31 item 4: a kept read is answered before the route (products.routes.ts, keptAnswer):
  // the same status, headers and bytes as the route's own answer, whatever the client takes.
  it('answers a kept read before the route exactly as the route answers it', async () => {
    const { id } = await newProduct();
    const client = ctx().client();
    await client.get('/users/me');
    const asks: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
      { accept: 'application/json', 'accept-encoding': 'gzip' },
    ];
    const comparable = (res: Awaited<ReturnType<typeof client.get>>) => {
      const { date, 'x-ratelimit-remaining': remaining, ...headers } = res.headers;
      expect(date).toBeTruthy();
      expect(Number(remaining)).toBeGreaterThan(0);
      return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
    };
    for (const headers of asks) {
      await ctx()
        .app.db.updateTable('products')
        .set({ name: `n${Math.random()}` })
        .where('id', '=', id)
        .execute();
      // On PostgreSQL the write's announcement comes back a moment later and makes the first
      // read's entry stale: read by the route until the next read is answered before it.
      let byRoute: ReturnType<typeof comparable> | null = null;
      let kept: ReturnType<typeof comparable> | null = null;
      for (let tries = 0; !kept && tries < 50; tries += 1) {
        const before = keptAnswerStats.written;
        const answer = comparable(await client.get(`/products/product/${id}`, { headers }));
        if (keptAnswerStats.written === before) byRoute = answer;
        else if (byRoute) kept = answer;
        if (!kept) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(kept).toEqual(byRoute);
      expect(kept?.status).toBe(200);
      expect(kept?.headers['content-security-policy']).toBeTruthy();
    }
  });

  it('leaves to the route what the kept answer cannot tell: sign-in, pages, odd ids, new visitors', async () => {
    const { id } = await newProduct();
    const visitor = ctx().client();
    await visitor.get(`/products/product/${id}`);
    const before = keptAnswerStats.written;
    const { client: signedIn } = await signIn(ctx());
    expect((await signedIn.get(`/products/product/${id}`)).json().product.saved).toBe(false);
    const page = await visitor.get(`/products/product/${id}`, {
      headers: { accept: 'text/html' },
      xsrf: false,
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await visitor.get(`/products/product/0${id}`)).json().product.id).toBe(id);
    expect((await visitor.get(`/products/product/${id}/${'n'.repeat(41)}`)).statusCode).toBe(404);
    expect((await visitor.get(`/products/product/${id}/1%00`)).statusCode).toBe(404);
    const fresh = await ctx().app.inject({
      url: `/products/product/${id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'sid']);
    expect((await visitor.request('DELETE', `/products/product/${id}`)).statusCode).toBe(404);
    expect(keptAnswerStats.written).toBe(before);
  });
});
