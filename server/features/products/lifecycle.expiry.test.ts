import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory, personalShopOf } from '../../test/fixtures';
import { png } from '../../media/test-files';
import { whileHoldingTryLock } from '../../backup/backup-lock.repository';
import { addEmployee, mediaFiles, sendForm, signIn } from './products.test-helpers';
import { LISTING_LOCK_KEY, runListingHousekeeping } from './listing-housekeeping';
import { notificationsOf } from './lifecycle.test-helpers';

// Issue 32 item 1 with a fake clock (only Date is faked): an offer live for LISTING_DAYS leaves
// every list the moment it ends, its page says noindex, its owner is told 3 days before (once),
// renews it, and what ended LISTING_PURGE_DAYS ago is deleted with its media.

const DAY = 86_400_000;

describeEachEngine(
  'products: expiry with a fake clock',
  (ctx, engine) => {
    let subId: number;
    let shopId: number;
    let owner: Awaited<ReturnType<typeof signIn>>;
    let manager: Awaited<ReturnType<typeof signIn>>;
    let start: number;

    beforeAll(async () => {
      const db = ctx().app.db;
      subId = (await createSubcategory(db)).id;
      owner = await signIn(ctx());
      manager = await signIn(ctx());
      shopId = await personalShopOf(db, owner.user.id);
      await addEmployee(db, shopId, manager.user.id, 'moderator');
    });
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      start = Date.now();
    });
    afterEach(() => vi.useRealTimers());
    afterAll(() => vi.useRealTimers());

    const later = (days: number) => vi.setSystemTime(start + days * DAY);
    const housekeeping = () =>
      runListingHousekeeping({
        db: ctx().app.db,
        dialect: ctx().app.dialect,
        media: ctx().app.media,
        purgeDays: ctx().config.listingPurgeDays,
      });

    async function post(name: string, files: Buffer[] = []) {
      const res = await sendForm(
        owner.client,
        'POST',
        '/products/create/offer',
        { name, psubcategory_id: String(subId), price: '1000' },
        files.map((data, i) => ({ name: `p${i}.png`, data })),
      );
      expect(res.statusCode).toBe(201);
      return res.json().product as { id: number; expires_at: string };
    }
    const similarIds = async (id: number) =>
      (
        (await ctx().client().get(`/products/similar/${id}`)).json().products as { id: number }[]
      ).map((p) => p.id);
    const inSitemap = async (id: number) =>
      (await ctx().client().get('/sitemaps/products-1.xml')).body.includes(
        `/products/product/${id}<`,
      );
    const tab = async (status: string) =>
      (await owner.client.get(`/users/me/products?status=${status}`)).json();

    it('is live LISTING_DAYS, told 3 days before, out of every list once ended, back when renewed', async () => {
      const db = ctx().app.db;
      const offer = await post('Bicycle');
      const other = await post('Scooter');
      expect(Date.parse(offer.expires_at) - start).toBe(10 * DAY);
      expect(await similarIds(other.id)).toContain(offer.id);
      expect(await inSitemap(offer.id)).toBe(true);
      expect((await tab('live')).counts).toMatchObject({ live: 2, expiring: 0, expired: 0 });

      later(6);
      expect(await housekeeping()).toMatchObject({ noticed: 0 });
      later(7.5);
      const expiring = (await tab('expiring')).products.data.map((p: { id: number }) => p.id);
      expect(expiring.sort()).toEqual([offer.id, other.id].sort());
      expect((await housekeeping())?.noticed).toBe(2);
      expect(await housekeeping()).toMatchObject({ noticed: 0 });
      for (const who of [owner, manager]) {
        const told = await notificationsOf(db, who.user.id, 'listing_expiring');
        expect(told.map((n) => JSON.parse(n.data).product_id).sort()).toEqual(
          [offer.id, other.id].sort(),
        );
      }

      later(10.001);
      expect(await similarIds(other.id)).not.toContain(offer.id);
      expect(await inSitemap(offer.id)).toBe(false);
      expect((await tab('expired')).counts).toMatchObject({ live: 0, expired: 2 });
      // The page still answers (its owner renews it there), marked noindex for search engines.
      const html = (id: number) =>
        ctx().client().request('GET', `/products/product/${id}`, { xsrf: false });
      const page = await html(offer.id);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      const json = await ctx().client().get(`/products/product/${offer.id}`);
      expect(Date.parse(json.json().product.expires_at)).toBeLessThan(Date.now());

      const renewed = await owner.client.post(`/products/${offer.id}/renew`);
      expect(Date.parse(renewed.json().product.expires_at)).toBe(Date.now() + 10 * DAY);
      expect(await similarIds(other.id)).toContain(offer.id);
      expect(await similarIds(offer.id)).not.toContain(other.id); // still ended
      expect(await inSitemap(offer.id)).toBe(true);
      const fresh = await html(offer.id);
      expect(fresh.body).not.toContain('noindex');

      // The new period gets its own notice.
      later(10.001 + 8);
      expect((await housekeeping())?.noticed).toBe(1);
    });

    it('purges what ended LISTING_PURGE_DAYS ago, with its media, in batches', async () => {
      const db = ctx().app.db;
      const photo = await png(40, 30);
      const kept = await post('Kept', [photo]);
      const gone = await post('Gone', [photo]);
      const files = await db
        .selectFrom('product_files')
        .select('name')
        .where('product_id', '=', gone.id)
        .execute();
      const before = mediaFiles(ctx());
      expect(before.some((f) => f.startsWith(files[0].name))).toBe(true);

      later(10 + 365 + 1);
      // Renewed just before the purge (the session is long gone: in the table): stays.
      await db
        .updateTable('products')
        .set({ expires_at: new Date(Date.now() + DAY).toISOString() })
        .where('id', '=', kept.id)
        .execute();
      const done = await housekeeping();
      expect(done?.purged).toBeGreaterThanOrEqual(1);
      const left = await db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', [kept.id, gone.id])
        .execute();
      expect(left.map((r) => r.id)).toEqual([kept.id]);
      expect(mediaFiles(ctx()).some((f) => f.startsWith(files[0].name))).toBe(false);
      expect(await housekeeping()).toMatchObject({ purged: 0 });
    });

    it.skipIf(engine !== 'postgres')(
      'runs in one process at a time: another holder of the lock makes it skip',
      async () => {
        const skipped = await whileHoldingTryLock(ctx().app.db, LISTING_LOCK_KEY, housekeeping);
        expect(skipped).toBeNull();
        expect(await housekeeping()).not.toBeNull();
      },
    );
  },
  { env: { LISTING_DAYS: '10', SITEMAP_CACHE_SECONDS: '0' } },
);
