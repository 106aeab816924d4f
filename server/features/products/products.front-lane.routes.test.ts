import type net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { SINGLE_READ_LIMIT } from '../../../shared/constants';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { bothWays, comparable, rawGet } from '../../test/raw-get';
import { signIn } from './products.test-helpers';

// Issue 31 item 4: a visitor's kept offer read is answered in front of Fastify
// (plugins/front-lane.ts, products.routes.ts's productFrontLane), over a real socket: the same
// status, headers and bytes as Fastify's way; the read limit counted once, in the same window;
// anything the raw request cannot tell left to Fastify.
describeEachEngine(
  'products: the kept read in front of Fastify',
  (ctx) => {
    let port: number;
    let productId: number;

    beforeAll(async () => {
      const { app } = ctx();
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
      const subId = (await createSubcategory(app.db)).id;
      const owner = await signIn(ctx());
      const shopId = await personalShopOf(app.db, owner.user.id);
      productId = (
        await createProduct(app.db, {
          shop_id: shopId,
          psubcategory_id: subId,
          user_id: owner.user.id,
        })
      ).id;
    });

    const get = (path: string, headers: Record<string, string>) => rawGet(port, path, headers);

    /** A visitor's cookies as the web app sends them, from `address`, once the server knows them. */
    async function visitorFrom(address: string) {
      const first = await get('/users/me', { 'x-forwarded-for': address });
      const cookie = (first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      expect(cookie).toMatch(/sid=.*XSRF-TOKEN=/);
      // The session's hook learns here that this sid has no signed-in session.
      await get('/users/me', { cookie, 'x-forwarded-for': address });
      return {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
        'x-forwarded-for': address,
      };
    }

    const rename = () =>
      ctx()
        .app.db.updateTable('products')
        .set({ name: `n${Math.random()}` })
        .where('id', '=', productId)
        .execute();

    it('answers exactly as Fastify does, for every encoding the client takes', async () => {
      const visitor = await visitorFrom('198.51.100.1');
      for (const encoding of ['gzip, deflate, br', 'identity', 'gzip;q=0, br']) {
        await rename();
        const { fastify, front } = await bothWays(port, `/products/product/${productId}`, {
          ...visitor,
          'accept-encoding': encoding,
        });
        expect(fastify).not.toBeNull();
        expect(comparable(front!)).toEqual(comparable(fastify!));
        expect(front!.headers.date).toBeTruthy();
        expect(Number(front!.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
        expect(front!.status).toBe(200);
        expect(front!.headers['content-security-policy']).toBeTruthy();
        expect(front!.headers['content-encoding']).toBe(
          encoding.startsWith('gzip,') ? 'gzip' : undefined,
        );
      }
    });

    it('counts the read limit once, in the window Fastify counts in', async () => {
      const visitor = await visitorFrom('198.51.100.2');
      await get(`/products/product/${productId}`, visitor);
      // Both ways in turn from one address: the lane's reads and the route's (a client without
      // cookies) draw on one limit, one each.
      const remaining: number[] = [];
      let ways = { front: 0, fastify: 0 };
      for (let i = 1; i < SINGLE_READ_LIMIT.limit; i += 1) {
        const answer = await get(
          `/products/product/${productId}`,
          i % 2
            ? visitor
            : { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '198.51.100.2' },
        );
        expect(answer.status).toBe(200);
        remaining.push(Number(answer.headers['x-ratelimit-remaining']));
        ways = answer.front
          ? { ...ways, front: ways.front + 1 }
          : { ...ways, fastify: ways.fastify + 1 };
      }
      expect(remaining).toEqual(
        Array.from(
          { length: SINGLE_READ_LIMIT.limit - 1 },
          (_, i) => SINGLE_READ_LIMIT.limit - 2 - i,
        ),
      );
      expect(ways.front).toBeGreaterThan(SINGLE_READ_LIMIT.limit / 3);
      expect(ways.fastify).toBeGreaterThan(SINGLE_READ_LIMIT.limit / 3);
      // Beyond the limit: Fastify's 429, whichever way the request would have gone.
      for (const headers of [
        visitor,
        { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '198.51.100.2' },
      ]) {
        const refused = await get(`/products/product/${productId}`, headers);
        expect(refused.status).toBe(429);
        expect(refused.front).toBe(false);
        expect(JSON.parse(refused.body.toString())).toEqual({
          errors: { global: ['too_many_attempts'] },
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address has its own count.
      const other = await visitorFrom('198.51.100.3');
      expect((await get(`/products/product/${productId}`, other)).status).toBe(200);
    });

    it('leaves to Fastify what the raw request cannot tell', async () => {
      const visitor = await visitorFrom('198.51.100.4');
      const path = `/products/product/${productId}`;
      expect((await get(path, visitor)).status).toBe(200);
      expect((await get(path, visitor)).front).toBe(true);
      const { cookie } = await signIn(ctx()).then(({ client }) => ({
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      }));
      const cases: [string, Record<string, string>][] = [
        ['signed in', { ...visitor, cookie }],
        ['a new visitor', { ...visitor, cookie: '' }],
        [
          'a stale XSRF cookie',
          { ...visitor, cookie: visitor.cookie.replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=x') },
        ],
        [
          'a page',
          { cookie: visitor.cookie, accept: 'text/html', 'x-forwarded-for': '198.51.100.4' },
        ],
      ];
      for (const [what, headers] of cases) {
        const answer = await get(path, headers);
        expect([what, answer.front]).toEqual([what, false]);
        expect([what, answer.status]).toEqual([what, 200]);
      }
      const signedIn = JSON.parse((await get(path, { ...visitor, cookie })).body.toString());
      expect(signedIn.product.saved).toBe(false);
      for (const odd of [
        `/products/product/0${productId}`,
        `${path}?x=1`,
        `${path}/`,
        `${path}/abc`,
      ]) {
        const answer = await get(odd, visitor);
        expect([odd, answer.front]).toEqual([odd, false]);
      }
      const gone = await get('/products/product/2147483648', visitor);
      expect([gone.front, gone.status]).toEqual([false, 404]);
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1' } },
);
