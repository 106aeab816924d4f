import { expect, it } from 'vitest';
import { EVENT_VISITORS_PER_ADDRESS } from '../../../shared/constants';
import { describeEachEngine, TEST_PASSWORD, type TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { BROWSER } from './insights.test-support';

// Issue 29 item 9: a script could add 200 views and 100 calls to a competitor's offer in 5 s from
// one address (each request a new session). Each kind now counts once per visitor, offer and day,
// and one address key adds at most EVENT_VISITORS_PER_ADDRESS to each count a day, whatever it
// sends; the marks it leaves stay bounded too.

const ua = { headers: { 'user-agent': BROWSER } };

async function offer(ctx: TestContext) {
  const { db } = ctx.app;
  const owner = await ctx.userClient();
  const shopId = await personalShopOf(db, owner.user.id);
  const sub = await createSubcategory(db);
  const product = await createProduct(db, { shop_id: shopId, psubcategory_id: sub.id });
  return { owner, shopId, product };
}

/** A fresh session (a script dropping its cookies) from the given address. */
function from(ctx: TestContext, address: string): TestClient {
  return Object.assign(ctx.client(), { address });
}

async function today(ctx: TestContext, productId: number) {
  const row = await ctx.app.db
    .selectFrom('product_daily_stats')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return {
    view: Number(row?.view_count ?? 0),
    call: Number(row?.call_count ?? 0),
    whatsapp: Number(row?.whatsapp_count ?? 0),
    phone: Number(row?.phone_count ?? 0),
  };
}

const countMarks = async (ctx: TestContext) =>
  (await ctx.app.db.selectFrom('product_view_marks').select('mark').execute()).length;

describeEachEngine('insights: events a script cannot inflate', (ctx) => {
  it('counts each kind once per visitor a day, whatever the visitor repeats', async () => {
    const { product } = await offer(ctx());
    const visitor = ctx().client();
    for (let i = 0; i < 20; i++) {
      for (const kind of ['view', 'call', 'whatsapp']) {
        const res = await visitor.post(`/products/${product.id}/events`, { kind }, ua);
        expect(res.statusCode).toBe(204);
      }
      await visitor.get(`/products/${product.id}/phone`, ua);
    }
    expect(await today(ctx(), product.id)).toEqual({ view: 1, call: 1, whatsapp: 1, phone: 1 });

    // One person signed in on two devices (two sessions, two addresses) counts once.
    const { client, user } = await ctx().userClient();
    await client.post(`/products/${product.id}/events`, { kind: 'view' }, ua);
    const device = ctx().client();
    const login = await device.post('/login', { login: user.phone_1, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(device.cookies.get('sid')).not.toBe(client.cookies.get('sid'));
    await device.post(`/products/${product.id}/events`, { kind: 'view' }, ua);
    expect((await today(ctx(), product.id)).view).toBe(2);
  });

  it('adds at most a handful per address a day, however many sessions it makes', async () => {
    const { product } = await offer(ctx());
    const marksBefore = await countMarks(ctx());
    const script = '10.250.0.1';
    for (let i = 0; i < 60; i++) {
      const bot = from(ctx(), script);
      await bot.post(`/products/${product.id}/events`, { kind: 'view' }, ua);
      await bot.post(`/products/${product.id}/events`, { kind: 'call' }, ua);
      await bot.get(`/products/${product.id}/phone`, ua);
    }
    const counted = await today(ctx(), product.id);
    expect(counted).toEqual({
      view: EVENT_VISITORS_PER_ADDRESS,
      call: EVENT_VISITORS_PER_ADDRESS,
      whatsapp: 0,
      phone: EVENT_VISITORS_PER_ADDRESS,
    });
    // The marks stay bounded: the visitors counted and the address's slots, nothing per request.
    const marks = (await countMarks(ctx())) - marksBefore;
    expect(marks).toBe(3 * 2 * EVENT_VISITORS_PER_ADDRESS);

    // People elsewhere still count.
    await from(ctx(), '10.250.0.2').post(`/products/${product.id}/events`, { kind: 'view' }, ua);
    expect((await today(ctx(), product.id)).view).toBe(EVENT_VISITORS_PER_ADDRESS + 1);
  });

  it('counts an offer apart from another, and a kind apart from another', async () => {
    const { shopId, product } = await offer(ctx());
    const sub = await createSubcategory(ctx().app.db);
    const another = await createProduct(ctx().app.db, { shop_id: shopId, psubcategory_id: sub.id });
    const visitor = ctx().client();
    for (const id of [product.id, another.id]) {
      await visitor.post(`/products/${id}/events`, { kind: 'view' }, ua);
      await visitor.post(`/products/${id}/events`, { kind: 'share' }, ua);
    }
    for (const id of [product.id, another.id]) {
      expect((await today(ctx(), id)).view).toBe(1);
    }
  });
});
