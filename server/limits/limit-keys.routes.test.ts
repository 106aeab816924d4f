import { expect, it } from 'vitest';
import {
  ACCOUNT_CODE_LIMITS,
  LOGIN_THROTTLE,
  PHONE_REVEAL_LIMITS,
  PRODUCT_EVENTS_LIMIT,
  SINGLE_READ_LIMIT,
} from '../../shared/constants';
import { BROWSER } from '../features/insights/insights.test-support';
import { describeEachEngine, nextPhone, TEST_PASSWORD, type TestContext } from '../test/harness';
import type { TestClient } from '../test/client';
import { register } from '../features/users/users.service';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';

// Issue 29 item 6: every per-address limit counts a client by its limit key (limitKey,
// server/plugins/client-address.ts): one IPv6 /64 is one client, and an IPv4-mapped address is
// its IPv4 address. Before, 70 phone reveals from 70 addresses of one /64 were all answered.

let block = 0;
/** A fresh /64 for each call, and its `i`th address. */
function newBlock() {
  block += 1;
  return (i: number) => `2001:db8:${block.toString(16)}:7::${(i + 1).toString(16)}`;
}

/** `attempt` from `count` addresses of one /64 (one browser's cookies), statuses in order. */
async function fromOneBlock(
  ctx: TestContext,
  count: number,
  attempt: (client: TestClient, i: number) => Promise<{ statusCode: number }>,
) {
  const addressOf = newBlock();
  const client = ctx.client();
  await client.get('/users/me');
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    Object.assign(client, { address: addressOf(i) });
    statuses.push((await attempt(client, i)).statusCode);
  }
  return statuses;
}

const ok = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function anOffer(ctx: TestContext) {
  const { db } = ctx.app;
  const seller = await ctx.userClient();
  const shopId = await personalShopOf(db, seller.user.id);
  await db.updateTable('shops').set({ phone_1: '22334455' }).where('id', '=', shopId).execute();
  const sub = await createSubcategory(db);
  const product = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: sub.id,
    user_id: seller.user.id,
  });
  return { product, shopId };
}

describeEachEngine('limit keys: one IPv6 /64 is one client', (ctx) => {
  it('phone reveals', async () => {
    const { product } = await anOffer(ctx());
    const { limit } = PHONE_REVEAL_LIMITS.perAddress;
    const statuses = await fromOneBlock(ctx(), limit + 10, (c) =>
      c.get(`/products/${product.id}/phone`, { headers: { 'user-agent': BROWSER } }),
    );
    expect(ok(statuses, 200)).toBe(limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('offer events', async () => {
    const { product } = await anOffer(ctx());
    const { limit } = PRODUCT_EVENTS_LIMIT;
    const statuses = await fromOneBlock(ctx(), limit + 1, (c) =>
      c.post(`/products/${product.id}/events`, { kind: 'share' }),
    );
    expect(ok(statuses, 204)).toBe(limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('single offer and shop reads (counted in memory)', async () => {
    const { product } = await anOffer(ctx());
    const { limit } = SINGLE_READ_LIMIT;
    const statuses = await fromOneBlock(ctx(), limit + 1, (c) =>
      c.get(`/products/product/${product.id}`),
    );
    expect(ok(statuses, 200)).toBe(limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('reset codes asked for and tried', async () => {
    const asked = await fromOneBlock(ctx(), ACCOUNT_CODE_LIMITS.sendPerAddress.limit + 1, (c) =>
      c.post('/password/forgot', { login: nextPhone() }),
    );
    expect(ok(asked, 202)).toBe(ACCOUNT_CODE_LIMITS.sendPerAddress.limit);
    expect(asked.at(-1)).toBe(429);
    const tried = await fromOneBlock(ctx(), ACCOUNT_CODE_LIMITS.triesPerAddress.limit + 1, (c) =>
      c.post('/password/reset', {
        login: nextPhone(),
        code: '123456',
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      }),
    );
    expect(tried.slice(0, -1)).not.toContain(429);
    expect(tried.at(-1)).toBe(429);
  });

  it('sign-in: the route limit and the failure throttle', async () => {
    const phone = nextPhone();
    await register(
      ctx().app.db,
      {
        first_name: 'Aicha',
        last_name: 'Ba',
        phone_1: phone,
        email: null,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      },
      ctx().config.scryptLogN,
    );
    // Failures on one account from one client: past perAccount, that client is refused.
    const failures = await fromOneBlock(ctx(), LOGIN_THROTTLE.perAccount + 1, (c) =>
      c.post('/login', { login: phone, password: 'not the password' }),
    );
    expect(failures.slice(0, -1)).not.toContain(429);
    expect(failures.at(-1)).toBe(429);
    // The route's own limit (30 a minute) counts the /64 too.
    const attempts = await fromOneBlock(ctx(), 31, (c) =>
      c.post('/login', { login: nextPhone(), password: 'not the password' }),
    );
    expect(attempts.at(-1)).toBe(429);
  });

  it('frontend logs', async () => {
    const statuses = await fromOneBlock(ctx(), 61, (c, i) =>
      c.post('/frontends/logs', { text: JSON.stringify({ message: `TypeError ${i}` }) }),
    );
    expect(ok(statuses, 201)).toBe(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts an IPv4-mapped address with its IPv4 address', async () => {
    const { product } = await anOffer(ctx());
    const { limit } = PHONE_REVEAL_LIMITS.perAddress;
    const client = ctx().client();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) {
      Object.assign(client, { address: i % 2 ? '203.0.113.77' : '::ffff:203.0.113.77' });
      statuses.push(
        (await client.get(`/products/${product.id}/phone`, { headers: { 'user-agent': BROWSER } }))
          .statusCode,
      );
    }
    expect(ok(statuses, 200)).toBe(limit);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 and another IPv4 address are other clients.
    Object.assign(client, { address: '203.0.113.78' });
    expect((await client.get(`/products/${product.id}/phone`)).statusCode).toBe(200);
  });
});
