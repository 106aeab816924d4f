import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { addEmployee, manyUsers, signIn } from './products.test-helpers';

describeEachEngine('products: saves, reports, favorites, similar', (ctx) => {
  let subId: number;
  let otherSubId: number;
  let shopId: number;
  let ownerId: number;

  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db)).id;
    otherSubId = (await createSubcategory(db, { name: 'trucks' })).id;
    const owner = await signIn(ctx());
    ownerId = owner.user.id;
    shopId = await personalShopOf(db, ownerId);
  });

  const newProduct = (
    values: Partial<{ type: 'offer' | 'demand'; psubcategory_id: number; name: string }> = {},
  ) =>
    createProduct(ctx().app.db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: ownerId,
      ...values,
    });

  async function countersAndRows(productId: number) {
    const db = ctx().app.db;
    const product = await db
      .selectFrom('products')
      .select(['saved_count', 'reports_count'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const rows = async (table: 'saves' | 'reports') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('product_id', '=', productId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { ...product, saves: await rows('saves'), reports: await rows('reports') };
  }

  it('saves once per user, and takes the save back', async () => {
    const { id } = await newProduct();
    const { client } = await signIn(ctx());
    const add = await client.get(`/products/favorite/add/${id}`);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ saved_count: 1, saved: true });
    expect((await client.get(`/products/favorite/add/${id}`)).json()).toEqual({
      saved_count: 1,
      saved: true,
    });
    const shown = await client.get(`/products/product/${id}`);
    expect(shown.json().product).toMatchObject({ saved: true, saved_count: 1, reported: false });
    expect((await client.get(`/products/favorite/remove/${id}`)).json()).toEqual({
      saved_count: 0,
      saved: false,
    });
    expect((await client.get(`/products/favorite/remove/${id}`)).json()).toEqual({
      saved_count: 0,
      saved: false,
    });
  });

  it('reports once per user, never by the shop staff', async () => {
    const { id } = await newProduct();
    const { client } = await signIn(ctx());
    expect((await client.get(`/products/report/add/${id}`)).json()).toEqual({
      reports_count: 1,
      reported: true,
    });
    expect((await client.get(`/products/report/add/${id}`)).json().reports_count).toBe(1);
    expect((await client.get(`/products/product/${id}`)).json().product.reported).toBe(true);
    expect((await client.get(`/products/report/remove/${id}`)).json()).toEqual({
      reports_count: 0,
      reported: false,
    });

    const employee = await signIn(ctx());
    await addEmployee(ctx().app.db, shopId, employee.user.id, 'employee');
    const own = await employee.client.get(`/products/report/add/${id}`);
    expect(own.statusCode).toBe(403);
    expect(await countersAndRows(id)).toMatchObject({ reports_count: 0, reports: 0 });
  });

  it('answers 401 to anonymous, 404 to unknown products, 419 without the XSRF header', async () => {
    const { id } = await newProduct();
    for (const path of ['favorite/add', 'favorite/remove', 'report/add', 'report/remove']) {
      expect((await ctx().client().get(`/products/${path}/${id}`)).statusCode).toBe(401);
      const { client } = await signIn(ctx());
      expect((await client.get(`/products/${path}/999999`)).statusCode).toBe(404);
      const forged = await client.get(`/products/${path}/${id}`, { xsrf: false });
      expect(forged.statusCode).toBe(419);
    }
    expect(await countersAndRows(id)).toEqual({
      saved_count: 0,
      reports_count: 0,
      saves: 0,
      reports: 0,
    });
  });

  it('keeps counters equal to their rows under 50 users at once', async () => {
    const { id } = await newProduct();
    const users = await manyUsers(ctx(), 50);
    await Promise.all(
      users.flatMap(({ client }) => [
        client.get(`/products/favorite/add/${id}`),
        client.get(`/products/favorite/add/${id}`),
        client.get(`/products/report/add/${id}`),
      ]),
    );
    expect(await countersAndRows(id)).toEqual({
      saved_count: 50,
      reports_count: 50,
      saves: 50,
      reports: 50,
    });
    const results = await Promise.all(
      users.flatMap(({ client }, i) =>
        i % 2
          ? [
              client.get(`/products/favorite/remove/${id}`),
              client.get(`/products/report/remove/${id}`),
            ]
          : [
              client.get(`/products/favorite/add/${id}`),
              client.get(`/products/favorite/remove/${id}`),
            ],
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = await countersAndRows(id);
    expect(after.saved_count).toBe(after.saves);
    expect(after.reports_count).toBe(after.reports);
    expect(after.reports).toBe(25);
  });

  it('lists the user’s saved offers or demands, newest save first, by page', async () => {
    const { client } = await signIn(ctx());
    const offers = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 2; i++)
      offers.push(await newProduct({ name: `offer ${i}` }));
    const demand = await newProduct({ type: 'demand', name: 'wanted' });
    for (const p of [...offers, demand]) await client.get(`/products/favorite/add/${p.id}`);
    await ctx()
      .app.db.insertInto('product_files')
      .values({
        product_id: offers[offers.length - 1].id,
        type: 'image',
        name: 'ab'.repeat(16),
        extension: 'webp',
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute();

    const first = await client.post('/products/favorites/paginate', { page: 1, type: 'offer' });
    expect(first.statusCode).toBe(200);
    const page = first.json().products;
    expect(page).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: LIST_PAGE_SIZE,
      total: LIST_PAGE_SIZE + 2,
      to: LIST_PAGE_SIZE,
    });
    const card = page.data[0];
    expect(card).toMatchObject({
      id: offers[offers.length - 1].id,
      type: 'offer',
      name: `offer ${offers.length - 1}`,
      image: `/media/${'ab'.repeat(16)}-small.webp`,
      saved: true,
      reaction: null,
      top: [],
      reactions_count: 0,
      shop: { id: shopId },
    });
    expect(Object.keys(card.shop).sort()).toEqual([
      'first_whatsapp_number',
      'has_phone',
      'id',
      'is_professional',
      'logo',
      'logo_small_url',
      'logo_url',
      'name',
      'phone_1',
      'phone_verified_at',
    ]);
    // Issue 19 item 5: the fields stay, the numbers come on tap (GET /products/{id}/phone).
    expect(card.shop).toMatchObject({
      phone_1: null,
      first_whatsapp_number: null,
      has_phone: true,
    });
    const second = await client.post('/products/favorites/paginate', { page: 2, type: 'offer' });
    expect(second.json().products.data.map((p: { id: number }) => p.id)).toEqual([
      offers[1].id,
      offers[0].id,
    ]);
    const demands = await client.post('/products/favorites/paginate', { type: 'demand' });
    expect(demands.json().products.data.map((p: { id: number }) => p.id)).toEqual([demand.id]);
    const bad = await client.post('/products/favorites/paginate', { page: 0, type: 'both' });
    expect(bad.json().errors).toEqual({ page: ['bad_input'], type: ['bad_input'] });
    expect(
      (await ctx().client().post('/products/favorites/paginate', { page: 1 })).statusCode,
    ).toBe(401);
  });

  it('shows up to ten similar products: same subcategory and type, newest first', async () => {
    const target = await newProduct({ psubcategory_id: otherSubId });
    const same = [];
    for (let i = 0; i < 12; i++) {
      same.push(await newProduct({ psubcategory_id: otherSubId, name: `similar ${i}` }));
    }
    await newProduct({ psubcategory_id: otherSubId, type: 'demand' });
    const res = await ctx().client().get(`/products/similar/${target.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().products.map((p: { id: number }) => p.id);
    expect(ids).toHaveLength(10);
    expect(ids).not.toContain(target.id);
    expect(ids).toEqual(
      same
        .slice(2)
        .reverse()
        .map((p) => p.id),
    );
    expect((await ctx().client().get('/products/similar/999999')).statusCode).toBe(404);
  });
});
