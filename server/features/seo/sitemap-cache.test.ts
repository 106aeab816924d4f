import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { SitemapCache } from './sitemap-cache';

// Issue 29 item 7: a sitemap file was built on every request (a 50,000-URL file took 0.4–0.7 s, and
// four clients at once held /healthz at 1.3–2.8 s). Now each file is built once per time to live,
// once however many ask at the same moment, and served gzipped with validators.

const xmlOf = (n: number) => `<urlset>${'<url/>'.repeat(n)}</urlset>`;

describe('SitemapCache', () => {
  it('builds a file once for requests that arrive together, and serves it after', async () => {
    const cache = new SitemapCache(60_000, 1 << 20);
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return xmlOf(3);
    };
    const files = await Promise.all(Array.from({ length: 10 }, () => cache.get('a', build)));
    expect(builds).toBe(1);
    expect(new Set(files).size).toBe(1);
    expect(zlib.gunzipSync(files[0]!.gzip).toString()).toBe(xmlOf(3));
    await cache.get('a', build);
    expect(builds).toBe(1);
  });

  it('serves a stale file at once and rebuilds it once in the background', async () => {
    const cache = new SitemapCache(30, 1 << 20);
    let version = 1;
    let builds = 0;
    const build = async () => {
      builds += 1;
      return xmlOf(version);
    };
    const first = await cache.get('a', build);
    version = 2;
    await new Promise((resolve) => setTimeout(resolve, 40));
    const [stale, alsoStale] = await Promise.all([cache.get('a', build), cache.get('a', build)]);
    expect(stale!.etag).toBe(first!.etag);
    expect(alsoStale!.etag).toBe(first!.etag);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(builds).toBe(2);
    const fresh = await cache.get('a', build);
    expect(zlib.gunzipSync(fresh!.gzip).toString()).toBe(xmlOf(2));
    expect(fresh!.etag).not.toBe(first!.etag);
  });

  it('keeps no missing file, and forgets files past its byte budget', async () => {
    // A budget smaller than any file: each new file is all the cache keeps.
    const cache = new SitemapCache(60_000, 1);
    let builds = 0;
    const missing = async () => {
      builds += 1;
      return null;
    };
    expect(await cache.get('none', missing)).toBeNull();
    expect(await cache.get('none', missing)).toBeNull();
    expect(builds).toBe(2);

    const counted: Record<string, number> = {};
    const build = (key: string) => async () => {
      counted[key] = (counted[key] ?? 0) + 1;
      return xmlOf(key.length);
    };
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a'));
    await cache.get('a', build('a'));
    expect(counted).toEqual({ a: 2, b: 1 });
  });
});

describeEachEngine(
  'seo: sitemaps served from the cache',
  (ctx) => {
    async function offer() {
      const { user } = await ctx().userClient();
      await ageAccounts(ctx().app.db, [user.id]);
      const shopId = await personalShopOf(ctx().app.db, user.id);
      const sub = await createSubcategory(ctx().app.db);
      return createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: sub.id,
        user_id: user.id,
      });
    }
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({
        url,
        headers,
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
      });

    it('answers again from the cache with its validators, and 304 to a client that has it', async () => {
      const product = await offer();
      const url = `/sitemaps/products-${Math.ceil(product.id / 50_000)}.xml`;
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(zlib.gunzipSync(first.rawPayload).toString()).toContain(
        `/products/product/${product.id}<`,
      );

      // A new offer waits for the next build: the file is served as built.
      const later = await offer();
      const again = await get(url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).not.toContain(`/products/product/${later.id}<`);
      expect(again.headers['content-encoding']).toBeUndefined();

      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      const since = await get(url, { 'if-modified-since': String(first.headers['last-modified']) });
      expect(since.statusCode).toBe(304);
      const index = await get('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.headers.etag).toBeDefined();
    });

    it('limits how often one address asks', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i += 1) {
        statuses.push(
          (await ctx().app.inject({ url: '/sitemap.xml', remoteAddress: '10.8.7.6' })).statusCode,
        );
      }
      expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  },
  { env: { SITEMAP_CACHE_SECONDS: '600' } },
);

describeEachEngine(
  'seo: the sitemap index built once the process listens',
  (ctx) => {
    it("serves a crawler's first request from the index built at start", async () => {
      const { app } = ctx();
      const { user } = await ctx().userClient();
      await ageAccounts(app.db, [user.id]);
      const shopId = await personalShopOf(app.db, user.id);
      const sub = await createSubcategory(app.db);
      const make = () =>
        createProduct(app.db, { shop_id: shopId, psubcategory_id: sub.id, user_id: user.id });
      const before = await make();
      await app.listen({ port: 0, host: '127.0.0.1' });
      // The build at start reads a few rows; it is long done after a second, before this offer.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await make();
      const index = await app.inject({ url: '/sitemap.xml', remoteAddress: '10.9.1.2' });
      expect(index.statusCode).toBe(200);
      // One URL a file: each offer has its own file, and the index lists those it found at start.
      expect(index.body).toContain(`/sitemaps/products-${before.id}.xml<`);
      expect(index.body).not.toContain(`/sitemaps/products-${after.id}.xml<`);
    });
  },
  { env: { SITEMAP_CACHE_SECONDS: '600', SITEMAP_PAGE_SIZE: '1' } },
);
