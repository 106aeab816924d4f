import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_KINDS } from '../shared/constants';
import { signUpMany, type Client } from './support/client';
import { deploy, engines, type Deployment } from './support/engines';
import { counterDrift } from './support/invariants';
import { errorLines, handlingTimes } from './support/server';
import { countableSubcategory, loadAverage, pick, postOffer, SHORT } from './support/world';

// Many signed-in people at once for a while, through a real server: product pages, searches, the
// shop list, comments, saves, reactions and commands. Not one error, not one non-2xx answer.

const CONNECTIONS = SHORT ? 20 : 100;
const SECONDS = SHORT ? 10 : 60;
const SELLERS = 4;
const WORDS = ['toyota', 'hilux', '2015', 'تويوتا', 'voiture'];

interface Context {
  user: Client;
  product: number;
}

type Step = [label: string, build: (ctx: Context) => autocannon.Request];

/** One visit: what each connection does, over and over, as a random signed-in person. */
function visit(buyers: Client[], offers: number[]): Step[] {
  const json = (ctx: Context, body: unknown) => ({
    headers: ctx.user.jsonHeaders(),
    body: JSON.stringify(body),
  });
  const steps: Step[] = [
    [
      'product',
      (ctx) => ({
        method: 'GET',
        path: `/products/product/${ctx.product}`,
        headers: ctx.user.headers(),
      }),
    ],
    [
      'search',
      (ctx) => ({
        method: 'POST',
        path: '/products/all/0/search',
        ...json(ctx, { name: pick(WORDS) }),
      }),
    ],
    [
      'shops',
      (ctx) => ({
        method: 'GET',
        path: '/shops/paginate/all/0?page=1',
        headers: ctx.user.headers(),
      }),
    ],
    [
      'comments',
      (ctx) => ({ method: 'POST', path: `/comments/product/${ctx.product}`, ...json(ctx, {}) }),
    ],
    [
      'comment',
      (ctx) => ({
        method: 'POST',
        path: `/comments/create/product/${ctx.product}`,
        ...json(ctx, { text: 'Is it still available?' }),
      }),
    ],
    [
      'save',
      (ctx) => ({
        method: 'GET',
        path: `/products/favorite/add/${ctx.product}`,
        headers: ctx.user.headers(),
      }),
    ],
    [
      'react',
      (ctx) => ({
        method: 'POST',
        path: `/reactions/create/product/${ctx.product}`,
        ...json(ctx, { name: pick(REACTION_KINDS) }),
      }),
    ],
    [
      'unsave',
      (ctx) => ({
        method: 'GET',
        path: `/products/favorite/remove/${ctx.product}`,
        headers: ctx.user.headers(),
      }),
    ],
    [
      'command',
      (ctx) => ({
        method: 'POST',
        path: `/commands/create/product/${ctx.product}`,
        ...json(ctx, { number: 1 }),
      }),
    ],
  ];
  return steps.map(([label, build], i) => [
    label,
    (ctx) => {
      // Each visit starts as someone else, on some offer.
      if (i === 0) Object.assign(ctx, { user: pick(buyers), product: pick(offers) });
      return build(ctx);
    },
  ]);
}

describe.each(engines)('load [%s]', (engine) => {
  let deployment: Deployment;
  beforeAll(async () => {
    // Info level: the server logs how long it spent on each request (see handlingTimes).
    deployment = await deploy(engine, { LOG_LEVEL: 'info' });
  });
  afterAll(() => deployment?.cleanup());

  it(`${CONNECTIONS} connections for ${SECONDS} s: no error, every answer 2xx`, async () => {
    const { base } = deployment.server;
    const sellers = await signUpMany(base, SELLERS, 'Seller');
    const buyers = await signUpMany(base, CONNECTIONS, 'Buyer');
    const sub = await countableSubcategory(sellers[0]);
    const offers: number[] = [];
    for (const seller of sellers) {
      for (let i = 0; i < 3; i++) offers.push(await postOffer(seller, sub, 1_000_000));
    }

    const logged = deployment.server.output().length;
    const statuses = new Map<string, number>();
    const steps = visit(buyers, offers);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      // Long enough for a request queued behind the others on a machine shared with other work.
      timeout: 60,
      requests: steps.map(([label, build]) => ({
        setupRequest: (request, context) => ({ ...request, ...build(context as Context) }),
        onResponse: (status) => {
          const key = `${label} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        },
      })),
    });
    const load = loadAverage();
    // The server's own time per request, apart from the time requests wait to be read.
    const handled = handlingTimes(deployment.server.output().slice(logged));
    const at = (q: number) => handled[Math.min(handled.length - 1, Math.floor(handled.length * q))];
    console.info(
      `load [${engine}]: ${CONNECTIONS} connections, ${result.duration} s: ${result.requests.total} requests, ` +
        `${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; server handling p50 ` +
        `${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${handled.at(-1)!.toFixed(1)} ms; ` +
        `load ${load}\n  ` +
        [...statuses].map(([k, n]) => `${k}: ${n}`).join(', '),
    );

    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect([...statuses.keys()].filter((k) => !/ 2\d\d$/.test(k))).toEqual([]);
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThan(CONNECTIONS);
    // Every step of a visit ran.
    expect(new Set([...statuses.keys()].map((k) => k.split(' ')[0])).size).toBe(steps.length);

    expect(await deployment.server.stop()).toBe(0);
    expect(errorLines(deployment.server.output())).toEqual([]);
    expect((await deployment.withQuery(counterDrift)).drift).toEqual([]);
  });
});
