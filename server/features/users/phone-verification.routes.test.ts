import { afterAll, expect, it } from 'vitest';
import { describeEachEngine, nextPhone } from '../../test/harness';
import { startSmsReceiver } from '../../messaging/test-receivers';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { DAILY_OFFER_LIMITS } from '../../../shared/domain/account-trust';
import { newAccount, signedIn, smsCode } from './account-codes.test-support';

// Issue 21 item 3 (docs/accounts.md): verified phones, by a code texted through a local SMS
// gateway.

const sms = await startSmsReceiver();
afterAll(() => sms.close());

describeEachEngine(
  'verified phones',
  (ctx) => {
    it('verifies the phone with a code, shows it publicly, and clears it when phone_1 changes', async () => {
      const { id, phone } = await newAccount(ctx());
      const client = await signedIn(ctx(), phone);
      expect((await client.get('/users/me')).json().user.phone_verified_at).toBeNull();
      expect((await client.post('/users/phone/verify/send')).statusCode).toBe(202);
      const code = await smsCode(sms, phone);
      const wrong = await client.post('/users/phone/verify', {
        code: code === '111111' ? '222222' : '111111',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ code: ['code_invalid'] });
      const res = await client.post('/users/phone/verify', { code });
      expect(res.statusCode).toBe(200);
      const verifiedAt = res.json().user.phone_verified_at;
      expect(Date.parse(verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
      const pub = await ctx().client().get(`/users/user/${id}`);
      expect(pub.json().user.phone_verified_at).toBe(verifiedAt);

      // Another edit keeps it; a new phone_1 clears it.
      const kept = await client.put(`/users/${id}`, { more_infos: 'Vendeuse' });
      expect(kept.json().user.phone_verified_at).toBe(verifiedAt);
      const changed = await client.put(`/users/${id}`, { phone_1: nextPhone() });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user.phone_verified_at).toBeNull();
    });

    it('shows the verified number on the shop and on offer cards and pages', async () => {
      const { id, phone } = await newAccount(ctx());
      const client = await signedIn(ctx(), phone);
      const shopId = await personalShopOf(ctx().app.db, id);
      const sub = await createSubcategory(ctx().app.db);
      const product = await createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: sub.id,
        user_id: id,
      });
      const before = await ctx().client().get(`/shops/shop/${shopId}`);
      expect(before.json().shop.phone_verified_at).toBeNull();
      await client.post('/users/phone/verify/send');
      const code = await smsCode(sms, phone);
      const verifiedAt = (await client.post('/users/phone/verify', { code })).json().user
        .phone_verified_at;
      const shop = await ctx().client().get(`/shops/shop/${shopId}`);
      expect(shop.json().shop.phone_verified_at).toBe(verifiedAt);
      const page = await ctx().client().get(`/products/product/${product.id}`);
      // The product page may come from its short cache: fresh or null, never another value.
      expect([verifiedAt, null]).toContain(page.json().product.shop.phone_verified_at);
      const cards = await ctx().client().post(`/products/shop/${shopId}/search`, {});
      expect(cards.statusCode).toBe(200);
      expect(cards.json().products.data[0].shop.phone_verified_at).toBe(verifiedAt);
    });

    it('lets a new account without a verified phone post fewer offers a day', async () => {
      const { id, phone } = await newAccount(ctx());
      const client = await signedIn(ctx(), phone);
      const shopId = await personalShopOf(ctx().app.db, id);
      const sub = await createSubcategory(ctx().app.db);
      for (let i = 0; i < DAILY_OFFER_LIMITS.newUnverified; i++)
        await createProduct(ctx().app.db, {
          shop_id: shopId,
          psubcategory_id: sub.id,
          user_id: id,
        });
      const body = { name: 'Toyota Hilux', psubcategory_id: sub.id };
      const refused = await client.post('/products/create/offer', body);
      expect(refused.statusCode).toBe(429);
      // New accounts are told why (issue 19 item 4's message, one rule with this one).
      expect(refused.json().errors).toEqual({ global: ['new_account_offer_limit'] });
      // A verified phone lifts it.
      await client.post('/users/phone/verify/send');
      const code = await smsCode(sms, phone);
      await client.post('/users/phone/verify', { code });
      expect((await client.post('/products/create/offer', body)).statusCode).toBe(201);
    });

    it('refuses a code sent to the previous phone_1', async () => {
      const { id, phone } = await newAccount(ctx());
      const client = await signedIn(ctx(), phone);
      await client.post('/users/phone/verify/send');
      const code = await smsCode(sms, phone);
      await client.put(`/users/${id}`, { phone_1: nextPhone() });
      const res = await client.post('/users/phone/verify', { code });
      expect(res.statusCode).toBe(422);
    });

    it('limits phone checks per user (429) and wants a signed-in user (401)', async () => {
      const { phone } = await newAccount(ctx());
      const client = await signedIn(ctx(), phone);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await client.post('/users/phone/verify/send')).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const anonymous = ctx().client();
      expect((await anonymous.post('/users/phone/verify/send')).statusCode).toBe(401);
      expect((await anonymous.post('/users/phone/verify', { code: '123456' })).statusCode).toBe(
        401,
      );
    });
  },
  { env: { SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 'test-token' } },
);
