import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import type { ModerationStatus } from '../../../shared/domain/trust';

// Issue 16 item 3 (docs/seo.md): robots.txt, the sitemap index and its files. The files here hold
// 3 URLs (SITEMAP_PAGE_SIZE), so that the split into files of one id range each is exercised with
// a handful of rows instead of 50,000.

const SIZE = 3;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const path = (url: string) => new URL(url).pathname;

describeEachEngine(
  'seo: robots.txt and sitemaps',
  (ctx) => {
    let publicUrl: string;
    let ownerId: number;
    let shopId: number;
    let sub: { id: number; pcategory_id: number };
    const visible: number[] = [];
    const notListed: number[] = [];

    const product = async (
      status: ModerationStatus = 'visible',
      type: 'offer' | 'demand' = 'offer',
    ) =>
      (
        await createProduct(ctx().app.db, {
          shop_id: shopId,
          psubcategory_id: sub.id,
          user_id: ownerId,
          moderation_status: status,
          type,
        })
      ).id;

    beforeAll(async () => {
      publicUrl = ctx().config.publicUrl;
      const { user } = await ctx().userClient();
      ownerId = user.id;
      await ageAccounts(ctx().app.db, [ownerId]);
      shopId = await personalShopOf(ctx().app.db, ownerId);
      sub = await createSubcategory(ctx().app.db);
      visible.push(await product(), await product('visible', 'demand'));
      notListed.push(await product('hidden'), await product('review'), await product('banned'));
      visible.push(await product());
      // A range whose every row is hidden is no file of the index.
      while ((await product('hidden')) % SIZE !== 0);
      for (let i = 0; i < SIZE; i += 1) notListed.push(await product('hidden'));
      visible.push(await product(), await product());
    });

    const get = (url: string) => ctx().client().request('GET', url, { xsrf: false });

    it('robots.txt allows the public pages, keeps crawlers out of the private ones, names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      for (const path of [
        '/account/',
        '/admin',
        '/products/edit/',
        '/products/new/',
        '/shops/edit/',
        '/notifications/',
      ])
        expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
      // Offer, shop, user and category pages stay open.
      for (const open of ['/products/product/', '/shops/shop/', '/users/user/', '/categories/'])
        expect(
          lines.filter((l) => l.startsWith('Disallow:') && open.startsWith(l.slice(10))),
        ).toEqual([]);
    });

    it('the index lists files of at most SITEMAP_PAGE_SIZE public URLs, one id range each', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const files = locs(res.body);
      const productFiles = files.filter((f) => f.includes('/sitemaps/products-'));
      // Exactly the ranges holding a visible offer or demand.
      const ranges = [...new Set(visible.map((id) => Math.ceil(id / SIZE)))].sort((a, b) => a - b);
      expect(productFiles).toEqual(ranges.map((n) => `${publicUrl}/sitemaps/products-${n}.xml`));
      expect(files).toContain(`${publicUrl}/sitemaps/shops-1.xml`);
      expect(files).toContain(`${publicUrl}/sitemaps/categories-1.xml`);
      expect(files).toContain(`${publicUrl}/sitemaps/subcategories-1.xml`);
      expect(files).toContain(`${publicUrl}/sitemaps/users-${Math.ceil(ownerId / SIZE)}.xml`);

      const listed: string[] = [];
      for (const file of files) {
        const page = await get(path(file));
        expect(page.statusCode).toBe(200);
        const urls = locs(page.body);
        expect(urls.length).toBeGreaterThan(0);
        expect(urls.length).toBeLessThanOrEqual(SIZE);
        listed.push(...urls.map(path));
      }
      const products = listed.filter((p) => p.startsWith('/products/'));
      expect(products.sort()).toEqual(visible.map((id) => `/products/product/${id}`).sort());
      for (const id of notListed) expect(listed).not.toContain(`/products/product/${id}`);
      expect(listed).toContain(`/shops/shop/${shopId}`);
      expect(listed).toContain(`/categories/${sub.pcategory_id}`);
      expect(listed).toContain(`/categories/${sub.pcategory_id}/subcategories/${sub.id}`);
      expect(listed).toContain(`/users/user/${ownerId}`);
    });

    it('each URL has its last change and its address in both languages', async () => {
      const id = visible[0];
      const row = await ctx()
        .app.db.selectFrom('products')
        .select('updated_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const res = await get(`/sitemaps/products-${Math.ceil(id / SIZE)}.xml`);
      expect(res.body).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      const loc = `${publicUrl}/products/product/${id}`;
      expect(res.body).toContain(
        `<url><loc>${loc}</loc><lastmod>${row.updated_at}</lastmod>` +
          `<xhtml:link rel="alternate" hreflang="ar" href="${loc}?lang=ar"/>` +
          `<xhtml:link rel="alternate" hreflang="fr" href="${loc}?lang=fr"/>` +
          `<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/></url>`,
      );
    });

    it('an offer deleted, hidden or of a banned author leaves the sitemap', async () => {
      const { client, user } = await ctx().userClient();
      await ageAccounts(ctx().app.db, [user.id]);
      const theirShop = await personalShopOf(ctx().app.db, user.id);
      const make = async () =>
        (
          await createProduct(ctx().app.db, {
            shop_id: theirShop,
            psubcategory_id: sub.id,
            user_id: user.id,
          })
        ).id;
      const [deleted, banned] = [await make(), await make()];
      const fileOf = (id: number) => `/sitemaps/products-${Math.ceil(id / SIZE)}.xml`;
      expect((await get(fileOf(deleted))).body).toContain(`/products/product/${deleted}<`);

      expect((await client.request('DELETE', `/products/${deleted}`)).statusCode).toBe(204);
      const admin = (await ctx().userClient('admin')).client;
      const ban = await admin.request('POST', `/admin/users/${user.id}/ban`, {
        body: { reason: 'spam' },
      });
      expect(ban.statusCode).toBe(200);

      for (const id of [deleted, banned]) {
        const res = await get(fileOf(id));
        expect(res.body).not.toContain(`/products/product/${id}<`);
      }
    });

    it('lists the pages of users with a visible offer, not of the banned or those with none', async () => {
      const db = ctx().app.db;
      const someone = async () => {
        const { client, user } = await ctx().userClient();
        return { client, id: user.id, shop: await personalShopOf(db, user.id) };
      };
      const offerOf = async (
        u: { id: number; shop: number },
        status: ModerationStatus = 'visible',
        type: 'offer' | 'demand' = 'offer',
      ) =>
        createProduct(db, {
          shop_id: u.shop,
          psubcategory_id: sub.id,
          user_id: u.id,
          moderation_status: status,
          type,
        });
      const [nothing, hiddenOnly, demandOnly, banned, seller] = [
        await someone(),
        await someone(),
        await someone(),
        await someone(),
        await someone(),
      ];
      await offerOf(hiddenOnly, 'hidden');
      await offerOf(hiddenOnly, 'review');
      await offerOf(demandOnly, 'visible', 'demand');
      await offerOf(banned);
      await offerOf(seller, 'hidden');
      await offerOf(seller);
      const admin = (await ctx().userClient('admin')).client;
      const ban = await admin.request('POST', `/admin/users/${banned.id}/ban`, {
        body: { reason: 'spam' },
      });
      expect(ban.statusCode).toBe(200);

      const files = locs((await get('/sitemap.xml')).body).filter((f) =>
        f.includes('/sitemaps/users-'),
      );
      const listed: string[] = [];
      for (const file of files) {
        const urls = locs((await get(path(file))).body);
        expect(urls.length).toBeGreaterThan(0);
        expect(urls.length).toBeLessThanOrEqual(SIZE);
        listed.push(...urls.map(path));
      }
      expect(listed).toContain(`/users/user/${ownerId}`);
      expect(listed).toContain(`/users/user/${seller.id}`);
      for (const u of [nothing, hiddenOnly, demandOnly, banned])
        expect(listed).not.toContain(`/users/user/${u.id}`);
      // The users without public offers: their range lists no one else, so it is no file.
      const emptyRanges = [nothing, hiddenOnly, demandOnly, banned]
        .map((u) => Math.ceil(u.id / SIZE))
        .filter((n) => n !== Math.ceil(seller.id / SIZE) && n !== Math.ceil(ownerId / SIZE));
      for (const n of emptyRanges) {
        const ids = Array.from({ length: SIZE }, (_, i) => (n - 1) * SIZE + i + 1);
        if (ids.some((id) => listed.includes(`/users/user/${id}`))) continue;
        expect(files).not.toContain(`${publicUrl}/sitemaps/users-${n}.xml`);
        expect((await get(`/sitemaps/users-${n}.xml`)).statusCode).toBe(404);
      }

      // Each in both languages, with its last change.
      const row = await db
        .selectFrom('users')
        .select('updated_at')
        .where('id', '=', seller.id)
        .executeTakeFirstOrThrow();
      const res = await get(`/sitemaps/users-${Math.ceil(seller.id / SIZE)}.xml`);
      const loc = `${publicUrl}/users/user/${seller.id}`;
      expect(res.body).toContain(
        `<url><loc>${loc}</loc><lastmod>${row.updated_at}</lastmod>` +
          `<xhtml:link rel="alternate" hreflang="ar" href="${loc}?lang=ar"/>` +
          `<xhtml:link rel="alternate" hreflang="fr" href="${loc}?lang=fr"/>` +
          `<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/></url>`,
      );

      // Once their last visible offer is gone, so is their page.
      const { id: last } = await db
        .selectFrom('products')
        .select('id')
        .where('user_id', '=', seller.id)
        .where('moderation_status', '=', 'visible')
        .executeTakeFirstOrThrow();
      expect((await seller.client.request('DELETE', `/products/${last}`)).statusCode).toBe(204);
      const after = await get(`/sitemaps/users-${Math.ceil(seller.id / SIZE)}.xml`);
      expect(after.body).not.toContain(`${loc}<`);
    });

    it('answers 404 for a file that is not one of the index', async () => {
      for (const name of [
        'products-0.xml',
        'products-1',
        'offers-1.xml',
        'products-99999999.xml',
        'products-01.xml',
        'products-1.xml.gz',
      ]) {
        const res = await get(`/sitemaps/${name}`);
        expect(res.statusCode, name).toBe(404);
        expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
      }
      const hiddenRange = Math.ceil(notListed[notListed.length - 1] / SIZE);
      expect((await get(`/sitemaps/products-${hiddenRange}.xml`)).statusCode).toBe(404);
    });

    it('gzips the files for clients that take it', async () => {
      // A full file: SIZE visible offers in one range.
      while ((await product('hidden')) % SIZE !== 0);
      let last = 0;
      for (let i = 0; i < SIZE; i += 1) last = await product();
      const url = `/sitemaps/products-${last / SIZE}.xml`;
      const plain = await get(url);
      expect(locs(plain.body)).toHaveLength(SIZE);
      const res = await ctx().app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    });
  },
  {
    env: {
      SITEMAP_PAGE_SIZE: String(SIZE),
      PUBLIC_URL: 'https://souq.example.mr',
      // Built afresh on every request: these tests watch each change land (caching: sitemap-cache.test.ts).
      SITEMAP_CACHE_SECONDS: '0',
    },
  },
);
