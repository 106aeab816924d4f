import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { startSmsReceiver } from '../../messaging/test-receivers';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { runHousekeeping } from '../../plugins/housekeeping';
import { newAccount, signedIn, smsCode } from '../users/account-codes.test-support';
import { notificationsOf } from './lifecycle.test-helpers';
import { LISTING_SMS_LIMIT } from '../../../shared/constants';

// Issue 32 item 1: `listing_expiring` goes by SMS too, only to those who turned `sms_alerts` on in
// their account (a verified number, the user alone may set it), through the outbox to a local
// gateway; with a fake clock (Date only) for the expiry.

const sms = await startSmsReceiver();
afterAll(() => sms.close());

const DAY = 86_400_000;
const intl = (phone: string) => `+222${phone}`;

describeEachEngine(
  'products: expiry notices by SMS',
  (ctx) => {
    let subId: number;
    type Seller = { id: number; phone: string; client: TestClient };
    let on: Seller;
    let off: Seller;

    /** An account whose phone_1 was proved by a code. */
    async function verified(language: 'ar' | 'fr'): Promise<Seller> {
      const { id, phone } = await newAccount(ctx(), { language });
      const client = await signedIn(ctx(), phone);
      expect((await client.post('/users/phone/verify/send')).statusCode).toBe(202);
      const res = await client.post('/users/phone/verify', { code: await smsCode(sms, phone) });
      expect(res.statusCode, res.body).toBe(200);
      return { id, phone, client };
    }
    async function post(seller: Seller, name: string) {
      const res = await seller.client.post('/products/create/offer', {
        name,
        psubcategory_id: subId,
        price: 1000,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().product.id as number;
    }
    const textsTo = (phone: string) => sms.received.filter((m) => m.to === intl(phone));

    beforeAll(async () => {
      subId = (await createSubcategory(ctx().app.db)).id;
      on = await verified('fr');
      off = await verified('ar');
    });
    afterEach(() => vi.useRealTimers());

    it('is off by default, in /users/me; the user alone turns it on, with a verified number', async () => {
      const me = await on.client.get('/users/me');
      expect(me.json().user.sms_alerts).toBe(false);
      // Not in what others see of the user.
      const pub = await ctx().client().get(`/users/user/${on.id}`);
      expect(pub.json().user).not.toHaveProperty('sms_alerts');

      const bad = await on.client.put(`/users/${on.id}`, { sms_alerts: 'maybe' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ sms_alerts: ['bad_input'] });
      // A site admin may edit the profile, not this choice.
      const admin = await ctx().userClient('admin');
      const forced = await admin.client.put(`/users/${off.id}`, { sms_alerts: 'yes' });
      expect(forced.statusCode).toBe(403);
      expect(forced.json()).toEqual({ errors: { global: ['forbidden'] } });

      // An unproved number cannot be turned on (nor a new one in the same edit).
      const fresh = await newAccount(ctx());
      const freshClient = await signedIn(ctx(), fresh.phone);
      const unproved = await freshClient.put(`/users/${fresh.id}`, { sms_alerts: 'yes' });
      expect(unproved.statusCode).toBe(422);
      expect(unproved.json().errors).toEqual({ sms_alerts: ['phone_not_verified'] });

      const res = await on.client.put(`/users/${on.id}`, { sms_alerts: 'yes' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.sms_alerts).toBe(true);
      expect((await on.client.get('/users/me')).json().user.sms_alerts).toBe(true);
      // Another edit keeps it; off and on again as the user likes.
      await on.client.put(`/users/${on.id}`, { more_infos: 'Vendeuse' });
      expect((await on.client.get('/users/me')).json().user.sms_alerts).toBe(true);
      expect(
        (await on.client.put(`/users/${on.id}`, { sms_alerts: false })).json().user,
      ).toMatchObject({ sms_alerts: false });
      expect((await on.client.put(`/users/${on.id}`, { sms_alerts: true })).statusCode).toBe(200);
    });

    it('texts the expiring notice to who turned SMS on, not to who did not', async () => {
      const db = ctx().app.db;
      // Their phone checks' texts came before.
      const before = { on: textsTo(on.phone).length, off: textsTo(off.phone).length };
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const mine = await post(on, 'Vélo de course rouge');
      const theirs = await post(off, 'دراجة هوائية');
      vi.setSystemTime(start + 7.5 * DAY);
      await runHousekeeping(ctx().app);
      vi.useRealTimers();

      // Both are told in the bell; only the one with SMS on gets a text, in their language.
      expect(await notificationsOf(db, on.id, 'listing_expiring')).toHaveLength(1);
      expect(await notificationsOf(db, off.id, 'listing_expiring')).toHaveLength(1);
      const text = await sms.next(intl(on.phone));
      expect(text.text).toContain('« Vélo de course rouge » expire dans 3 jours');
      expect(text.text).toContain(`/products/product/${mine}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(textsTo(off.phone)).toHaveLength(before.off);
      expect(textsTo(on.phone)).toHaveLength(before.on + 1);
      expect(theirs).toBeGreaterThan(0);
    });

    it('sends one text for several listings of a run, and none once turned off', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      await post(on, 'Table basse');
      await post(on, 'Chaises x4');
      vi.setSystemTime(start + 7.5 * DAY);
      await runHousekeeping(ctx().app);
      vi.useRealTimers();
      const text = await sms.next(intl(on.phone));
      expect(text.text).toContain('2 de vos annonces expirent dans 3 jours');
      expect(text.text).toContain('/account/products?type=offer&status=expiring');

      expect((await on.client.put(`/users/${on.id}`, { sms_alerts: 'no' })).statusCode).toBe(200);
      const before = textsTo(on.phone).length;
      vi.useFakeTimers({ toFake: ['Date'] });
      const later = Date.now();
      await post(on, 'Lampe');
      vi.setSystemTime(later + 7.5 * DAY);
      await runHousekeeping(ctx().app);
      vi.useRealTimers();
      expect(await notificationsOf(ctx().app.db, on.id, 'listing_expiring')).toHaveLength(4);
      await new Promise((r) => setTimeout(r, 300));
      expect(textsTo(on.phone)).toHaveLength(before);
    });

    it('texts one person at most LISTING_SMS_LIMIT times a day; the bell has every notice', async () => {
      const db = ctx().app.db;
      const busy = await verified('fr');
      expect((await busy.client.put(`/users/${busy.id}`, { sms_alerts: 'yes' })).statusCode).toBe(
        200,
      );
      const shopId = await personalShopOf(db, busy.id);
      const before = textsTo(busy.phone).length;
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      /** One more offer entering its last 3 days, and a run, `minutes` after the start. */
      const runWithOneMore = async (minutes: number) => {
        vi.setSystemTime(start + minutes * 60_000);
        await createProduct(db, {
          shop_id: shopId,
          psubcategory_id: subId,
          user_id: busy.id,
          expires_at: new Date(Date.now() + 2 * DAY).toISOString(),
        });
        await runHousekeeping(ctx().app);
      };
      for (let run = 0; run <= LISTING_SMS_LIMIT.limit; run += 1) await runWithOneMore(run * 10);
      vi.useRealTimers();
      await new Promise((r) => setTimeout(r, 300));
      expect(textsTo(busy.phone)).toHaveLength(before + LISTING_SMS_LIMIT.limit);
      const told = await notificationsOf(db, busy.id, 'listing_expiring');
      expect(told).toHaveLength(LISTING_SMS_LIMIT.limit + 1);

      // A day later, texts go again.
      vi.useFakeTimers({ toFake: ['Date'] });
      await runWithOneMore(25 * 60);
      vi.useRealTimers();
      await vi.waitFor(() =>
        expect(textsTo(busy.phone)).toHaveLength(before + LISTING_SMS_LIMIT.limit + 1),
      );
    });
  },
  { env: { LISTING_DAYS: '10', SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 'test-token' } },
);
