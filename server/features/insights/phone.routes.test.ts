import { expect, it } from 'vitest';
import { PHONE_REVEAL_LIMITS, SINGLE_READ_LIMIT } from '../../../shared/constants';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { BROWSER } from './insights.test-support';

// Issue 19 item 5: phone on tap. Lists keep the shop's number fields, null; GET
// /products/{id}/phone answers them, counted as a reveal, limited per address and per account;
// the single offer and single shop answers are limited per address.

const ua = { headers: { 'user-agent': BROWSER } };

async function sellerWithOffer(ctx: TestContext) {
  const { db } = ctx.app;
  const seller = await ctx.userClient();
  const shopId = await personalShopOf(db, seller.user.id);
  await db
    .updateTable('shops')
    .set({ phone_1: '22334455', phone_2: '36667788', first_whatsapp_number: '44556677' })
    .where('id', '=', shopId)
    .execute();
  const sub = await createSubcategory(db);
  const product = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: sub.id,
    user_id: seller.user.id,
  });
  const other = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: sub.id,
    user_id: seller.user.id,
    name: 'Toyota Corolla',
  });
  return { seller, shopId, product, other };
}

const phonesOf = async (ctx: TestContext, productId: number) =>
  Number(
    (
      await ctx.app.db
        .selectFrom('product_daily_stats')
        .select((eb) => eb.fn.sum<number>('phone_count').as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Fills the current window of `scope` for `key`, as if it had been used up. */
async function useUp(
  ctx: TestContext,
  scope: string,
  key: string,
  rule: { limit: number; windowSeconds: number },
) {
  const now = Math.floor(Date.now() / 1000);
  const start = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  await ctx.app.db
    .insertInto('rate_limits')
    .values({
      scope,
      key,
      window_start: start,
      window_end: start + rule.windowSeconds,
      count: rule.limit,
    })
    .execute();
}

describeEachEngine('phone on tap', (ctx) => {
  it('answers every list with the shop number fields null', async () => {
    const { seller, shopId, product, other } = await sellerWithOffer(ctx());
    const buyer = await ctx().userClient();
    await buyer.client.get(`/products/favorite/add/${product.id}`);
    const lists = [
      (await ctx().client().post('/products/all/0/search', { type: 'offer' })).json().products.data,
      (await ctx().client().post(`/products/shop/${shopId}/search`, { type: 'offer' })).json()
        .products.data,
      (await buyer.client.post('/products/favorites/paginate', { type: 'offer' })).json().products
        .data,
      (await ctx().client().get(`/products/similar/${other.id}`)).json().products,
    ];
    for (const cards of lists) {
      const card = cards.find((c: { id: number }) => c.id === product.id);
      expect(card).toBeDefined();
      expect(card.shop).toMatchObject({
        id: shopId,
        phone_1: null,
        first_whatsapp_number: null,
        has_phone: true,
      });
    }
    const shops = (await ctx().client().get('/shops/paginate/all/0')).json().shops.data;
    const listed = shops.find((s: { id: number }) => s.id === shopId);
    expect(listed).toMatchObject({
      phone_1: null,
      phone_2: null,
      first_whatsapp_number: null,
      second_whatsapp_number: null,
    });
    // Issue 29 item 2: the single answers do not carry them either (phone-pages.routes.test.ts).
    const single = (await ctx().client().get(`/products/product/${product.id}`)).json().product;
    expect(single.shop).toMatchObject({ phone_1: null, first_whatsapp_number: null });
    const shop = (await ctx().client().get(`/shops/shop/${shopId}`)).json().shop;
    expect(shop).toMatchObject({ phone_1: null, phone_2: null, has_phone: true });
    // A shop without any number: no call button on its cards.
    await ctx()
      .app.db.updateTable('shops')
      .set({ phone_1: null, phone_2: null, first_whatsapp_number: null })
      .where('id', '=', shopId)
      .execute();
    const similar = (await seller.client.get(`/products/similar/${other.id}`)).json().products;
    expect(similar[0].shop.has_phone).toBe(false);
  });

  it('gives the numbers on tap and counts the reveal, not for robots nor the shop staff', async () => {
    const { seller, product } = await sellerWithOffer(ctx());
    const visitor = ctx().client();
    const res = await visitor.get(`/products/${product.id}/phone`, ua);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      phones: {
        phone_1: '22334455',
        phone_2: '36667788',
        whatsapp_number: '44556677',
        second_whatsapp_number: null,
      },
    });
    expect(await phonesOf(ctx(), product.id)).toBe(1);
    // Robots (and clients without a user agent) get the numbers but do not count.
    const bot = await ctx()
      .client()
      .get(`/products/${product.id}/phone`, {
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      });
    expect(bot.statusCode).toBe(200);
    await ctx()
      .client()
      .get(`/products/${product.id}/phone`, { headers: { 'user-agent': '' } });
    // The shop's own staff do not count either.
    expect((await seller.client.get(`/products/${product.id}/phone`, ua)).statusCode).toBe(200);
    expect(await phonesOf(ctx(), product.id)).toBe(1);
    const signedIn = await ctx().userClient();
    await signedIn.client.get(`/products/${product.id}/phone`, ua);
    expect(await phonesOf(ctx(), product.id)).toBe(2);

    const unknown = await visitor.get('/products/999999/phone', ua);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { global: ['not_found'] } });
    expect((await visitor.get('/products/abc/phone')).statusCode).toBe(404);
  });

  it('limits reveals per address and per account: 429 with the errors object, nothing counted', async () => {
    const { product } = await sellerWithOffer(ctx());
    const visitor = ctx().client();
    await useUp(ctx(), 'phone_address', visitor.address, PHONE_REVEAL_LIMITS.perAddress);
    const before = await phonesOf(ctx(), product.id);
    const refused = await visitor.get(`/products/${product.id}/phone`, ua);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await ctx().client().get(`/products/${product.id}/phone`, ua)).statusCode).toBe(200);

    // An account past its limit is refused from any address.
    const account = await ctx().userClient();
    await useUp(ctx(), 'phone_account', String(account.user.id), PHONE_REVEAL_LIMITS.perAccount);
    const again = await account.client.get(`/products/${product.id}/phone`, ua);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
    expect(await phonesOf(ctx(), product.id)).toBe(before + 1);
  });

  it('counts hits one by one up to the limit', async () => {
    const { product } = await sellerWithOffer(ctx());
    const visitor = ctx().client();
    const statuses: number[] = [];
    for (let i = 0; i < PHONE_REVEAL_LIMITS.perAddress.limit + 2; i++) {
      statuses.push((await visitor.get(`/products/${product.id}/phone`, ua)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PHONE_REVEAL_LIMITS.perAddress.limit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describeEachEngine('phone on tap: single answers limited per address', (ctx) => {
  it('answers 429 past SINGLE_READ_LIMIT offers or shops from one address', async () => {
    const { product, shopId } = await sellerWithOffer(ctx());
    for (const url of [`/products/product/${product.id}`, `/shops/shop/${shopId}`]) {
      const reader = ctx().client();
      const statuses: number[] = [];
      for (let i = 0; i < SINGLE_READ_LIMIT.limit + 1; i++) {
        statuses.push((await reader.get(url)).statusCode);
      }
      expect(
        statuses.filter((s) => s === 200),
        url,
      ).toHaveLength(SINGLE_READ_LIMIT.limit);
      const refused = await reader.get(url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
      // Someone else reads on.
      expect((await ctx().client().get(url)).statusCode, url).toBe(200);
    }
  });
});
