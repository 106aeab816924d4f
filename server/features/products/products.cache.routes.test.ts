import zlib from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { signIn } from './products.test-helpers';

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
});
