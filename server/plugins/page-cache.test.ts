import { describe, expect, it } from 'vitest';
import { SINGLE_READ_LIMIT } from '../../shared/constants';
import { render } from '../../web/entry-server';
import { buildApp } from '../app';
import type { TestClient } from '../test/client';
import { describeEachEngine } from '../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { writesHeard } from '../test/writes-heard';
import { createPageCache } from './page-cache';
import { keptAnswerStats } from './kept-answer';

// Issue 31 item 3: a page rendered for a visitor who is not signed in is kept and sent again until
// a write that could change it; never to or from someone signed in; never with anyone's token.

const page = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  client.get(url, { xsrf: false, headers: { accept: 'text/html', ...headers } });

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

describeEachEngine(
  'anonymous pages kept',
  (ctx, engine) => {
    async function seller() {
      const owner = await ctx().userClient('user', { first_name: 'Vendeuse' });
      await ageAccounts(ctx().app.db, [owner.user.id]);
      const shopId = await personalShopOf(ctx().app.db, owner.user.id);
      const subcategory = await createSubcategory(ctx().app.db);
      const offer = async (name: string) => {
        const product = await createProduct(ctx().app.db, {
          shop_id: shopId,
          psubcategory_id: subcategory.id,
          user_id: owner.user.id,
          name,
          name_fr: name,
          name_ar: name,
        });
        // A write made outside any request is confirmed by the next answer (page-cache.ts), and
        // heard from the bus before a page is kept.
        await ctx().client().get('/healthz');
        await writesHeard(ctx().app);
        return product;
      };
      return { owner, shopId, offer };
    }

    const counts = () => ({ ...ctx().app.pageCache.stats });

    it('sends the same page again without rendering, and the change right after its owner edits it', async () => {
      const { owner, offer } = await seller();
      const product = await offer('Hilux avant');
      const url = `/products/product/${product.id}`;
      const first = await page(ctx().client(), url);
      expect(first.statusCode).toBe(200);
      const before = counts();
      const again = await page(ctx().client(), url);
      expect(counts().hits).toBe(before.hits + 1);
      expect(again.body).toBe(first.body);
      expect(again.headers['cache-control']).toBe('private, no-cache');

      const renamed = { name: 'Hilux après', name_ar: 'Hilux après', name_fr: 'Hilux après' };
      const edited = await owner.client.put(`/products/${product.id}`, renamed);
      expect(edited.statusCode).toBe(200);
      const after = await page(ctx().client(), url);
      expect(after.body).toContain('Hilux après');
      expect(after.body).not.toContain('Hilux avant');
    });

    it('drops a kept page when its offer is deleted, and a kept list when an offer is added', async () => {
      const { owner, offer } = await seller();
      const product = await offer('Corolla à vendre');
      const url = `/products/product/${product.id}`;
      await page(ctx().client(), url);
      const market = await page(ctx().client(), '/market');
      expect(market.body).not.toContain('Peugeot toute neuve');
      expect((await owner.client.delete(url.replace('/product/', '/'))).statusCode).toBe(204);
      expect((await page(ctx().client(), url)).statusCode).toBe(404);

      await offer('Peugeot toute neuve');
      expect((await page(ctx().client(), '/market')).body).toContain('Peugeot toute neuve');
    });

    it('drops kept pages on a comment, and keeps them when an offer is only viewed', async () => {
      const { offer } = await seller();
      const product = await offer('Offre commentée');
      const url = `/products/product/${product.id}`;
      const visitor = ctx().client();
      await page(visitor, url);
      const viewed = await visitor.post(`/products/${product.id}/events`, { kind: 'view' });
      expect(viewed.statusCode).toBe(204);
      let before = counts();
      await page(visitor, url);
      expect(counts().hits).toBe(before.hits + 1);

      const buyer = await ctx().userClient('user');
      await ageAccounts(ctx().app.db, [buyer.user.id]);
      const commented = await buyer.client.post(`/comments/create/product/${product.id}`, {
        text: 'Toujours disponible ?',
      });
      expect(commented.statusCode).toBe(201);
      before = counts();
      await page(visitor, url);
      expect(counts().misses).toBe(before.misses + 1);
    });

    it('never serves someone signed in from the cache, nor keeps their page', async () => {
      const { offer } = await seller();
      await offer('Offre du jour');
      const amina = await ctx().userClient('user', { first_name: 'Aminetou' });
      const brahim = await ctx().userClient('user', { first_name: 'Brahim' });
      await writesHeard(ctx().app);
      const anonymous = await page(ctx().client(), '/');
      expect(anonymous.body).not.toMatch(/Aminetou|Brahim/);
      const mine = await page(amina.client, '/');
      expect(mine.body).toContain('Aminetou');
      const before = counts();
      const his = await page(brahim.client, '/');
      expect(his.body).toContain('Brahim');
      expect(his.body).not.toContain('Aminetou');
      expect(counts()).toEqual(before);
      const later = await page(ctx().client(), '/');
      expect(later.body).toBe(anonymous.body);
    });

    it("holds no visitor's token: each gets their own cookie, and a page with a form renders each time", async () => {
      const { offer } = await seller();
      const product = await offer('Offre sans jeton');
      const url = `/products/product/${product.id}`;
      const [one, two] = [await page(ctx().client(), url), await page(ctx().client(), url)];
      const [sidOne, sidTwo] = [cookieOf(one, 'sid'), cookieOf(two, 'sid')];
      expect(sidOne).toBeTruthy();
      expect(sidOne).not.toBe(sidTwo);
      for (const res of [one, two]) {
        expect(res.body).not.toContain(cookieOf(res, 'XSRF-TOKEN'));
        expect(res.body).not.toContain('"xsrf"');
      }
      expect(two.body).toBe(one.body);
      // A visitor with cookies gets none set by a kept page.
      const returning = ctx().client();
      await page(returning, url);
      expect((await page(returning, url)).headers['set-cookie']).toBeUndefined();

      // The sign-in form posts without scripts with the visitor's own token.
      const signIns = [await page(ctx().client(), '/login'), await page(ctx().client(), '/login')];
      for (const res of signIns) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`value="${cookieOf(res, 'XSRF-TOKEN')}"`);
      }
      expect(signIns[0].body).not.toContain(cookieOf(signIns[1], 'XSRF-TOKEN'));
    });

    it('sends a kept page only after the checks that come before its route: the read limit', async () => {
      const { offer } = await seller();
      const product = await offer('Offre très lue');
      const url = `/products/product/${product.id}`;
      const reader = ctx().client();
      Object.assign(reader, { address: '203.0.113.77' });
      const before = counts();
      const statuses: number[] = [];
      for (let i = 0; i <= SINGLE_READ_LIMIT.limit; i++) {
        statuses.push((await page(reader, url)).statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(SINGLE_READ_LIMIT.limit);
      expect(statuses.at(-1)).toBe(429);
      expect(counts().hits - before.hits).toBe(SINGLE_READ_LIMIT.limit - 1);
    });

    it('sends a kept page before its route exactly as the route sends it', async () => {
      const { offer } = await seller();
      const product = await offer('Offre écrite avant sa route');
      const visitor = ctx().client();
      await visitor.get('/healthz');
      const asks: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br' }];
      type Answer = Awaited<ReturnType<typeof page>>;
      const comparable = (res: Answer) => {
        const { date, 'x-ratelimit-remaining': remaining, ...headers } = res.headers;
        expect(date).toBeTruthy();
        // The read limit's count goes down by one a read (offer pages only).
        if (remaining !== undefined) expect(Number(remaining)).toBeGreaterThan(0);
        return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
      };
      for (const url of [
        '/',
        `/products/product/${product.id}`,
        '/search?name=offre',
        '/nowhere',
      ]) {
        for (const headers of asks) {
          // A write: the next page is rendered by the route, the one after sent before it.
          await ctx()
            .app.db.updateTable('products')
            .set({ name: 'Offre écrite avant sa route' })
            .where('id', '=', product.id)
            .execute();
          await ctx().client().get('/healthz');
          let byRoute: ReturnType<typeof comparable> | null = null;
          let kept: ReturnType<typeof comparable> | null = null;
          for (let tries = 0; !kept && tries < 50; tries += 1) {
            const before = keptAnswerStats.written;
            const answer = comparable(await page(visitor, url, headers));
            if (keptAnswerStats.written === before) byRoute = answer;
            else if (byRoute) kept = answer;
            if (!kept) await new Promise((resolve) => setTimeout(resolve, 10));
          }
          expect(kept).toEqual(byRoute);
          expect(kept?.headers['content-security-policy']).toBeTruthy();
          expect(kept?.headers['set-cookie']).toBeUndefined();
        }
      }
      // A visitor whose session cookie is set by this answer gets it: through the route's hooks.
      const before = keptAnswerStats.written;
      const newcomer = await page(ctx().client(), '/');
      expect(cookieOf(newcomer, 'sid')).toBeTruthy();
      expect(keptAnswerStats.written).toBe(before);
    });

    it('keeps each language apart', async () => {
      const { offer } = await seller();
      const product = await offer('Offre bilingue');
      const url = `/products/product/${product.id}`;
      const ar = await page(ctx().client(), url);
      const fr = await page(ctx().client(), url, { cookie: 'lang=fr' });
      const fr2 = await page(ctx().client(), `${url}?lang=fr`);
      const ar2 = await page(ctx().client(), url, { 'accept-language': 'fr;q=0.1, ar' });
      expect(ar.body).toContain('<html lang="ar" dir="rtl">');
      expect(fr.body).toContain('<html lang="fr" dir="ltr">');
      expect(fr2.body).toContain('<html lang="fr" dir="ltr">');
      expect(ar2.body).toBe(ar.body);
    });

    it.skipIf(engine !== 'postgres')(
      'drops a kept page when another process writes what it shows (LISTEN/NOTIFY)',
      async () => {
        const { owner, offer } = await seller();
        const product = await offer('Offre partagée');
        const url = `/products/product/${product.id}`;
        const other = await buildApp(ctx().config, { logger: false, render });
        try {
          await page(ctx().client(), url);
          // A table no trigger announces, written by the other process, then any of its answers.
          await other.db
            .insertInto('saves')
            .values({ user_id: owner.user.id, product_id: product.id, created_at: 'now' })
            .execute();
          await other.db
            .insertInto('settings')
            .values({ key: 'page-cache-test', value: '1' })
            .execute();
          expect((await other.inject('/healthz')).statusCode).toBe(200);
          let missed = false;
          for (let i = 0; i < 50 && !missed; i++) {
            const before = counts();
            await page(ctx().client(), url);
            missed = counts().misses > before.misses;
            if (!missed) await new Promise((r) => setTimeout(r, 20));
          }
          expect(missed).toBe(true);
          // An offer edited in the other process (its trigger): the change shows here.
          await page(ctx().client(), url);
          await other.db
            .updateTable('products')
            .set({
              name: 'Offre changée ailleurs',
              name_fr: 'Offre changée ailleurs',
              name_ar: 'x',
            })
            .where('id', '=', product.id)
            .execute();
          let seen = false;
          for (let i = 0; i < 50 && !seen; i++) {
            seen = (await page(ctx().client(), url)).body.includes('Offre changée ailleurs');
            if (!seen) await new Promise((r) => setTimeout(r, 20));
          }
          expect(seen).toBe(true);
        } finally {
          await other.close();
        }
      },
    );
  },
  { render },
);

describe('page cache memory', () => {
  const kept = (size: number) => ({ status: 200, html: 'x'.repeat(size), front: null });

  it('forgets the least recently used pages beyond its bytes, and keeps none when given none', async () => {
    const cache = createPageCache(10_000);
    for (const key of ['a', 'b', 'c']) cache.begin(key).done(kept(1_000));
    await cache.get('a');
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) {
      const entry = cache.begin(key).done(kept(1_000));
      await entry?.gzip;
    }
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('k')).not.toBeNull();
    // Too large to be worth keeping.
    expect(cache.begin('huge').done(kept(2_000))).toBeNull();

    const none = createPageCache(0);
    const request = { user: null, method: 'GET', language: 'ar', url: '/' };
    expect(none.keyOf(request as never, 200)).toBeNull();
  });

  it('counts the parts kept with a render in its bytes, and forgets renders beyond them', () => {
    const cache = createPageCache<object>(10_000);
    const first = {};
    const second = {};
    cache.keepRender('first', first, 1_000, cache.generation);
    cache.keepRender('second', second, 1_000, cache.generation);
    cache.grow('first', first, 3_000);
    // Another value under the key (a newer render) is not the one that grew.
    cache.grow('second', {}, 3_000);
    expect(cache.bytes).toBe(5_000);
    cache.grow('second', second, 6_000);
    // Over the budget: the least recently used render goes, with its parts' bytes.
    expect(cache.keptRender('first')).toBeNull();
    expect(cache.keptRender('second')).toBe(second);
    expect(cache.bytes).toBe(7_000);
  });

  it('keeps nothing rendered while a write happened, and hands a render to those waiting for it', async () => {
    const cache = createPageCache(1_000_000);
    const filling = cache.begin('/');
    const waiting = cache.get('/');
    cache.invalidate();
    const page = filling.done(kept(100));
    expect(await waiting).toBe(page);
    expect(await cache.get('/')).toBeNull();
  });
});
