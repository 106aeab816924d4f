import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { routeAnswer } from '../../../shared/schemas/routing';
import { ROUTING_RATE_LIMIT } from './routing.routes';

// GET /routing/route (issue 20 item 17) against a real local HTTP server standing in for
// ROUTING_URL: a route when it answers, `{ route: null, reason }` (always 200) when it fails,
// is unreachable or too slow; bad points are 422 (DESIGN §3); too many requests from one address 429.

type Behaviour = 'ok' | 'error500' | 'no_route' | 'garbage' | 'slow';
let behaviour: Behaviour = 'ok';
const asked: string[] = [];

const stub = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  const match = /^\/route\/v1\/(foot|driving)\/([^/?]+)\?/.exec(req.url ?? '');
  if (!match) return send(404, JSON.stringify({ code: 'InvalidUrl' }));
  const [a, b] = decodeURIComponent(match[2])
    .split(';')
    .map((p) => p.split(',').map(Number));
  const answer = {
    code: 'Ok',
    routes: [
      {
        geometry: { type: 'LineString', coordinates: [a, [b[0], a[1]], b] },
        distance: 812.4,
        duration: 580,
        legs: [],
      },
    ],
    waypoints: [],
  };
  if (behaviour === 'ok') return send(200, JSON.stringify(answer));
  if (behaviour === 'error500') return send(500, 'upstream exploded');
  if (behaviour === 'no_route') return send(400, JSON.stringify({ code: 'NoRoute' }));
  if (behaviour === 'garbage') return send(200, '{"code":"Ok","routes":[{"geometry":');
  setTimeout(() => send(200, JSON.stringify(answer)), 2_000).unref();
});
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

// A port nobody listens on: the service is unreachable (connection refused).
const closed = http.createServer();
await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
await new Promise<void>((resolve) => closed.close(() => resolve()));

afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

// Nouakchott, and points `km` north of it (lon,lat as OSRM writes them).
const shop = { lon: -15.9785, lat: 18.0858 };
let shift = 0;
/** A new pair of points `km` apart each call (so that no answer comes from the cache). */
function points(km: number) {
  shift += 0.001;
  const from = `${(shop.lon + shift).toFixed(5)},${(shop.lat + km / 111.195).toFixed(5)}`;
  const to = `${(shop.lon + shift).toFixed(5)},${shop.lat}`;
  return `from=${from}&to=${to}`;
}

describeEachEngine(
  'routing proxy',
  (ctx) => {
    beforeEach(() => {
      behaviour = 'ok';
      asked.length = 0;
    });
    const get = (query: string) => ctx().client().get(`/routing/route?${query}`);

    it('answers the route of the service: on foot within 1 km, by car beyond, for anyone', async () => {
      const query = points(0.5);
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      const body = routeAnswer.parse(res.json());
      expect(body.route).toMatchObject({ mode: 'foot', distance: 812.4, duration: 580 });
      expect(body.route!.coordinates).toHaveLength(3);
      const [from, to] = query
        .replace('from=', '')
        .split('&to=')
        .map((p) => p.split(',').map(Number).join(','));
      expect(asked).toEqual([`/route/v1/foot/${from};${to}?overview=full&geometries=geojson`]);

      // Signed in, the same; and the same points again come from the cache.
      const { client } = await ctx().userClient();
      const again = await client.get(`/routing/route?${query}`);
      expect(again.json()).toEqual(res.json());
      expect(asked).toHaveLength(1);

      const driving = await get(points(5));
      expect(driving.json().route.mode).toBe('driving');
      expect(asked[1]).toMatch(/^\/route\/v1\/driving\//);
    });

    it('takes points as browsers write them (up to 17 decimals)', async () => {
      const res = await get('from=-15.97523915953255,18.089034579932488&to=-15.978584,18.085855');
      expect(res.statusCode).toBe(200);
      expect(res.json().route.mode).toBe('foot');
    });

    it('beyond 100 km answers too_far without asking the service', async () => {
      const res = await get(points(150));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ route: null, reason: 'too_far' });
      expect(asked).toEqual([]);
    });

    it('a failing service (500, a broken answer) gives failed; no route gives no_route; neither is kept', async () => {
      const query = points(2);
      behaviour = 'error500';
      const failed = await get(query);
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toEqual({ route: null, reason: 'failed' });

      behaviour = 'garbage';
      expect((await get(query)).json()).toEqual({ route: null, reason: 'failed' });

      behaviour = 'no_route';
      expect((await get(points(2))).json()).toEqual({ route: null, reason: 'no_route' });

      // The service is back: the same points are asked again, and get their route.
      behaviour = 'ok';
      const back = await get(query);
      expect(back.json().route.mode).toBe('driving');
      expect(asked).toHaveLength(4);
    });

    it('refuses bad points with 422 (DESIGN §3), before asking anything', async () => {
      const good = '-15.97,18.08';
      for (const [query, field] of [
        [`from=abc&to=${good}`, 'from'],
        [`from=${good}&to=200,18`, 'to'],
        [`from=${good}&to=-15.97,91`, 'to'],
        [`from=-15.97&to=${good}`, 'from'],
        [`from=1,2,3&to=${good}`, 'from'],
        [`from=${good}&to=NaN,18`, 'to'],
        [`from=${good}&to=1e3,18`, 'to'],
        [`from=${good}`, 'to'],
        [`from=${'1'.repeat(50)},18&to=${good}`, 'from'],
        [`from=${good}.5&to=${good}`, 'from'],
        [`from=${good}&to=-15.1234567890123456789,18`, 'to'],
      ] as const) {
        const res = await get(query);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors), query).toContain(field);
      }
      expect(asked).toEqual([]);
    });

    it('a slow service times out (ROUTING_TIMEOUT_MS), and is not asked again for a while', async () => {
      behaviour = 'slow';
      const started = Date.now();
      const res = await get(points(3));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ route: null, reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(asked).toHaveLength(1);

      // Meanwhile other visitors are answered at once, without waiting for the timeout again.
      const next = Date.now();
      expect((await get(points(3))).json()).toEqual({ route: null, reason: 'timeout' });
      expect(Date.now() - next).toBeLessThan(250);
      expect(asked).toHaveLength(1);
    });
  },
  { env: { ROUTING_URL: stubUrl, ROUTING_TIMEOUT_MS: '300' } },
);

describeEachEngine(
  'routing proxy, service unreachable',
  (ctx) => {
    // One visitor: one address.
    let visitor: ReturnType<TestContext['client']>;
    beforeAll(() => {
      visitor = ctx().client();
    });
    const get = (query: string) => visitor.get(`/routing/route?${query}`);

    it('answers 200 with unreachable', async () => {
      const res = await get(points(0.5));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ route: null, reason: 'unreachable' });
    });

    it(`refuses more than ${ROUTING_RATE_LIMIT.max} requests a minute from one address with 429`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < ROUTING_RATE_LIMIT.max + 1; i++) {
        const res = await get(points(150));
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
          expect(res.headers['retry-after']).toBeTruthy();
        }
      }
      // The first request of this block counted too.
      expect(statuses.filter((s) => s === 200).length).toBe(ROUTING_RATE_LIMIT.max - 1);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    });
  },
  { env: { ROUTING_URL: closedUrl } },
);
