import { expect, it } from 'vitest';
import { PHONE_REVEAL_LIMITS } from '../../../shared/constants';
import { describeEachEngine, type TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { insertEmployee } from '../shops/shops.repository';
import { render } from '../../../web/entry-server';
import { BROWSER } from './insights.test-support';

// Issue 29 item 2: profiles, shops and the offer page carry no numbers (the keys stay, null),
// in their JSON and in their server-rendered pages; GET /users/{id}/phone, GET /shops/{id}/phone
// and GET /products/{id}/phone give them on tap, under one per-address and per-account allowance,
// each counted in the shop's insights. The user, the shop's staff and site staff still see them.

const ua = { headers: { 'user-agent': BROWSER } };
const json = { headers: { accept: 'application/json' } };
const html = (client: TestClient, url: string) =>
  client.get(url, { xsrf: false, headers: { accept: 'text/html', 'user-agent': BROWSER } });

const PHONE = '22334455';
const PHONE_2 = '36667788';
const WHATSAPP = '44556677';
const WHATSAPP_2 = '46667788';

async function seller(ctx: TestContext) {
  const { db } = ctx.app;
  const owner = await ctx.userClient('user', { first_name: 'Aicha' });
  await db
    .updateTable('users')
    .set({ phone_2: PHONE_2, whatsapp_number: WHATSAPP })
    .where('id', '=', owner.user.id)
    .execute();
  const shopId = await personalShopOf(db, owner.user.id);
  await db
    .updateTable('shops')
    .set({
      phone_1: PHONE,
      phone_2: PHONE_2,
      first_whatsapp_number: WHATSAPP,
      second_whatsapp_number: WHATSAPP_2,
    })
    .where('id', '=', shopId)
    .execute();
  const sub = await createSubcategory(db);
  const product = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: sub.id,
    user_id: owner.user.id,
    name: 'Hilux double cabine',
    name_fr: 'Hilux double cabine',
    name_ar: 'Hilux double cabine',
  });
  return { owner, shopId, product };
}

/** No number of the seller's, nor a call or WhatsApp link, anywhere in the text. */
function expectNoNumbers(text: string, ownPhone: string, label: string) {
  for (const number of [PHONE, PHONE_2, WHATSAPP, WHATSAPP_2, ownPhone]) {
    expect(text, `${label}: ${number}`).not.toContain(number);
  }
  expect(text, label).not.toMatch(/tel:|wa\.me/);
}

const shopPhonesOf = async (ctx: TestContext, shopId: number) =>
  Number(
    (
      await ctx.app.db
        .selectFrom('shop_daily_stats')
        .select((eb) => eb.fn.sum<number>('phone_count').as('n'))
        .where('shop_id', '=', shopId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

describeEachEngine('numbers on tap: profiles, shops, the offer page', (ctx) => {
  it('answers profile, shop and offer JSON with the number keys present and null', async () => {
    const { owner, shopId, product } = await seller(ctx());
    const visitor = ctx().client();
    const user = (await visitor.get(`/users/user/${owner.user.id}`, json)).json().user;
    expect(user).toMatchObject({ phone_1: null, phone_2: null, whatsapp_number: null });
    const shop = (await visitor.get(`/shops/shop/${shopId}`, json)).json().shop;
    expect(shop).toMatchObject({
      phone_1: null,
      phone_2: null,
      first_whatsapp_number: null,
      second_whatsapp_number: null,
      has_phone: true,
    });
    const offer = (await visitor.get(`/products/product/${product.id}`, json)).json().product;
    expect(offer.shop).toMatchObject({
      phone_1: null,
      phone_2: null,
      first_whatsapp_number: null,
      second_whatsapp_number: null,
      has_phone: true,
    });
    // Signed in (not the cached answer) changes nothing for someone else.
    const other = await ctx().userClient();
    const signedIn = (await other.client.get(`/products/product/${product.id}`, json)).json();
    expect(signedIn.product.shop).toMatchObject({ phone_1: null, first_whatsapp_number: null });
    for (const [url, body] of [
      [`/users/user/${owner.user.id}`, user],
      [`/shops/shop/${shopId}`, shop],
      [`/products/product/${product.id}`, offer],
    ] as const) {
      expectNoNumbers(JSON.stringify(body), owner.user.phone_1, url);
    }
  });

  it('shows the numbers to the user, the shop staff and site staff', async () => {
    const { owner, shopId, product } = await seller(ctx());
    const employee = await ctx().userClient();
    await insertEmployee(ctx().app.db, shopId, employee.user.id, 'employee');
    const moderator = await ctx().userClient('moderator');

    const self = (await owner.client.get(`/users/user/${owner.user.id}`, json)).json().user;
    expect(self).toMatchObject({ phone_1: owner.user.phone_1, phone_2: PHONE_2 });
    const staffView = (await moderator.client.get(`/users/user/${owner.user.id}`, json)).json();
    expect(staffView.user.phone_1).toBe(owner.user.phone_1);
    const employeeView = (await employee.client.get(`/users/user/${owner.user.id}`, json)).json();
    expect(employeeView.user.phone_1).toBeNull();

    for (const viewer of [owner, employee, moderator]) {
      const shop = (await viewer.client.get(`/shops/shop/${shopId}`, json)).json().shop;
      expect(shop).toMatchObject({ phone_1: PHONE, second_whatsapp_number: WHATSAPP_2 });
      const offer = (await viewer.client.get(`/products/product/${product.id}`, json)).json();
      expect(offer.product.shop).toMatchObject({ phone_1: PHONE, first_whatsapp_number: WHATSAPP });
    }
    // What staff saw is not what the next visitor gets (the offer's answer is cached).
    const after = (await ctx().client().get(`/products/product/${product.id}`, json)).json();
    expect(after.product.shop.phone_1).toBeNull();
  });

  it('gives the numbers on tap and counts each in the shop insights, once per visitor', async () => {
    const { owner, shopId } = await seller(ctx());
    const visitor = ctx().client();
    const shop = await visitor.get(`/shops/${shopId}/phone`, ua);
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toEqual({
      phones: {
        phone_1: PHONE,
        phone_2: PHONE_2,
        whatsapp_number: WHATSAPP,
        second_whatsapp_number: WHATSAPP_2,
      },
    });
    expect(await shopPhonesOf(ctx(), shopId)).toBe(1);
    const user = await visitor.get(`/users/${owner.user.id}/phone`, ua);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      phones: {
        phone_1: owner.user.phone_1,
        phone_2: PHONE_2,
        whatsapp_number: WHATSAPP,
        second_whatsapp_number: null,
      },
    });
    // The profile's tap is a reveal of the personal shop's numbers: the same visitor, once a day.
    expect(await shopPhonesOf(ctx(), shopId)).toBe(1);
    await ctx().client().get(`/users/${owner.user.id}/phone`, ua);
    expect(await shopPhonesOf(ctx(), shopId)).toBe(2);
    // The owner's own taps and robots' are not counted.
    await owner.client.get(`/shops/${shopId}/phone`, ua);
    await ctx()
      .client()
      .get(`/shops/${shopId}/phone`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(await shopPhonesOf(ctx(), shopId)).toBe(2);
    // The owner reads them in the day's phone reveals.
    const insights = (await owner.client.get(`/shops/${shopId}/insights?days=1`)).json().insights;
    expect(insights.days[0].phone).toBe(2);

    for (const url of ['/shops/999999/phone', '/users/999999/phone']) {
      const res = await visitor.get(url, ua);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
    }
    expect((await visitor.get('/users/abc/phone')).statusCode).toBe(404);
  });

  it('deletes a shop with its counted reveals', async () => {
    const { owner } = await seller(ctx());
    const created = await owner.client.post('/shops/create', {
      name: 'Garage Atlas',
      phone_1: PHONE,
    });
    const shopId = created.json().shop.id as number;
    expect((await ctx().client().get(`/shops/${shopId}/phone`, ua)).statusCode).toBe(200);
    expect(await shopPhonesOf(ctx(), shopId)).toBe(1);
    expect((await owner.client.delete(`/shops/${shopId}`)).statusCode).toBe(204);
    expect(await shopPhonesOf(ctx(), shopId)).toBe(0);
  });

  it('shares one allowance per address and per account across the three tap endpoints', async () => {
    const { owner, shopId, product } = await seller(ctx());
    const visitor = ctx().client();
    const urls = [
      `/users/${owner.user.id}/phone`,
      `/shops/${shopId}/phone`,
      `/products/${product.id}/phone`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < PHONE_REVEAL_LIMITS.perAddress.limit + 3; i++) {
      statuses.push((await visitor.get(urls[i % 3], ua)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PHONE_REVEAL_LIMITS.perAddress.limit);
    for (const url of urls) {
      const refused = await visitor.get(url, ua);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }

    // An account's allowance holds from any address (a new client is a new address).
    const account = await ctx().userClient();
    const perAccount: number[] = [];
    for (let i = 0; i < PHONE_REVEAL_LIMITS.perAccount.limit + 1; i++) {
      perAccount.push((await account.client.get(urls[i % 3], ua)).statusCode);
    }
    expect(perAccount.filter((s) => s === 200)).toHaveLength(PHONE_REVEAL_LIMITS.perAccount.limit);
    expect(perAccount.at(-1)).toBe(429);
  });
});

describeEachEngine(
  'numbers on tap: server-rendered pages',
  (ctx) => {
    it('renders the profile, shop and offer pages without a number or a tel:/wa.me link', async () => {
      const { owner, shopId, product } = await seller(ctx());
      // A professional shop too (its structured data once carried its phone).
      await ctx()
        .app.db.updateTable('shops')
        .set({ is_professional: 1, latitude: 18.09, longitude: -15.98 })
        .where('id', '=', shopId)
        .execute();
      const visitor = ctx().client();
      for (const url of [
        `/users/user/${owner.user.id}`,
        `/shops/shop/${shopId}`,
        `/products/product/${product.id}`,
      ]) {
        const res = await html(visitor, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.body, url).toMatch(/Aicha|Hilux/);
        expectNoNumbers(res.body, owner.user.phone_1, url);
        // The contact part was rendered: its button, which asks for the numbers on a tap.
        expect(res.body, url).toMatch(/عرض الرقم|Voir le numéro/);
      }
    });
  },
  { render },
);
