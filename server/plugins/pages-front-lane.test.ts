import type net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { render } from '../../web/entry-server';
import { describeEachEngine } from '../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { bothWays, comparable, rawGet } from '../test/raw-get';

// Issue 31 item 4: a page kept for visitors (page-cache.ts) is sent in front of Fastify
// (pages-front-lane.ts), over a real socket: the same status, headers and bytes as Fastify's way,
// in the visitor's language, the offer page's read limit counted once in its route's window;
// what the raw request cannot tell left to Fastify.

describeEachEngine(
  'pages kept for visitors, in front of Fastify',
  (ctx) => {
    let port: number;
    let offerUrl: string;

    beforeAll(async () => {
      const { app } = ctx();
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
      const owner = await ctx().userClient('user', { first_name: 'Vendeuse' });
      await ageAccounts(app.db, [owner.user.id]);
      const product = await createProduct(app.db, {
        shop_id: await personalShopOf(app.db, owner.user.id),
        psubcategory_id: (await createSubcategory(app.db)).id,
        user_id: owner.user.id,
        name: 'Offre devant Fastify',
        name_fr: 'Offre devant Fastify',
        name_ar: 'عرض',
      });
      offerUrl = `/products/product/${product.id}`;
    });

    const get = (path: string, headers: Record<string, string>) => rawGet(port, path, headers);

    /** A visitor's page request as a browser sends it, once the server knows their cookies. */
    async function visitorFrom(address: string, extra = '') {
      const first = await get('/healthz', { 'x-forwarded-for': address });
      const set = (first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
      const cookie = [...set, ...(extra ? [extra] : [])].join('; ');
      // The session's hook learns here that this sid has no signed-in session.
      await get('/healthz', { cookie, 'x-forwarded-for': address });
      return {
        cookie,
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'ar,fr;q=0.8',
        'x-forwarded-for': address,
      };
    }

    const write = async () => {
      await ctx().app.db.updateTable('products').set({ name: 'Offre devant Fastify' }).execute();
      await get('/healthz', {});
    };

    /** Fastify's answer for `path`, then the lane's (a write first: the page is rendered anew). */
    async function bothWaysAfterWrite(path: string, headers: Record<string, string>) {
      await write();
      const { fastify, front } = await bothWays(port, path, headers);
      expect(fastify).not.toBeNull();
      if (front) expect(front.headers.date).toBeTruthy();
      return { fastify: fastify!, front };
    }

    it('sends home, an offer, a search and a missing page exactly as Fastify does', async () => {
      const visitor = await visitorFrom('198.51.100.10');
      for (const path of ['/', offerUrl, '/search?name=offre', '/nowhere']) {
        for (const encoding of ['gzip, deflate, br', 'identity']) {
          const { fastify, front } = await bothWaysAfterWrite(path, {
            ...visitor,
            'accept-encoding': encoding,
          });
          expect([path, encoding, front !== null]).toEqual([path, encoding, true]);
          expect(comparable(front!)).toEqual(comparable(fastify));
          expect(front!.status).toBe(path === '/nowhere' ? 404 : 200);
          expect(front!.headers['content-security-policy']).toBeTruthy();
          expect(front!.headers['set-cookie']).toBeUndefined();
        }
      }
    });

    it("sends each visitor the page of their language, and leaves the address's own to Fastify", async () => {
      const french = await visitorFrom('198.51.100.11', 'lang=fr');
      const arabic = await visitorFrom('198.51.100.11');
      const fr = await bothWaysAfterWrite('/', french);
      const ar = await bothWaysAfterWrite('/', arabic);
      expect(fr.front?.body.toString()).toContain('lang="fr"');
      expect(ar.front?.body.toString()).toContain('lang="ar"');
      expect(comparable(fr.front!)).toEqual(comparable(fr.fastify));
      const named = await get('/?lang=fr', arabic);
      await get('/?lang=fr', arabic);
      expect((await get('/?lang=fr', arabic)).front).toBe(false);
      expect(named.body.toString()).toContain('lang="fr"');
    });

    it('counts the offer page in the read limit of its route, with its JSON', async () => {
      const visitor = await visitorFrom('198.51.100.12');
      const { front } = await bothWaysAfterWrite(offerUrl, visitor);
      const before = Number(front!.headers['x-ratelimit-remaining']);
      const json = { ...visitor, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
      const remaining: number[] = [];
      const ways: boolean[] = [];
      for (const headers of [visitor, json, visitor, json]) {
        const answer = await get(offerUrl, headers);
        remaining.push(Number(answer.headers['x-ratelimit-remaining']));
        ways.push(answer.front);
      }
      expect(remaining).toEqual([before - 1, before - 2, before - 3, before - 4]);
      expect(ways[0]).toBe(true);
      expect(ways[2]).toBe(true);
    });

    it('leaves to Fastify what the raw request cannot tell', async () => {
      const visitor = await visitorFrom('198.51.100.13');
      expect((await bothWaysAfterWrite('/', visitor)).front).not.toBeNull();
      const signedIn = await ctx().userClient();
      const cookie = [...signedIn.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const cases: [string, Record<string, string>, number][] = [
        ['signed in', { ...visitor, cookie }, 200],
        ['a new visitor', { ...visitor, cookie: '' }, 200],
        // JSON has no home: the API's 404.
        ['JSON', { ...visitor, 'x-requested-with': 'XMLHttpRequest' }, 404],
      ];
      for (const [what, headers, status] of cases) {
        const answer = await get('/', headers);
        expect([what, answer.front, answer.status]).toEqual([what, false, status]);
      }
      const page = (await get('/', { ...visitor, cookie })).body.toString();
      expect(page).toContain('Test');
    });
  },
  { render, env: { TRUST_PROXY: '127.0.0.1' } },
);
