import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_KINDS } from '../shared/constants';
import { signUpMany, type Client } from './support/client';
import { counterDrift, postgresQuery } from './support/invariants';
import { createDatabase, sharedPostgresUrl } from './support/postgres';
import { errorLines, startServer, tempDir, type ServerProcess } from './support/server';
import { countableSubcategory, loadAverage, pick, postOffer, SHORT } from './support/world';

// Issue 18 item 6: three server processes on one PostgreSQL behave as one (docs/live-events.md).
// A round-robin client sends each request to the next process. The processes start together
// (migrations under the advisory lock).

const PROCESSES = 3;
const BUYERS = SHORT ? 12 : 40;
const ROUNDS = SHORT ? 2 : 8;

/** Each request of `client` goes to the next live process. */
function roundRobin(client: Client, bases: () => string[]): Client {
  const original = client.request.bind(client);
  let turn = Math.floor(Math.random() * PROCESSES);
  client.request = (method, path, body) => {
    const live = bases();
    client.base = live[turn++ % live.length];
    return original(method, path, body);
  };
  return client;
}

/** Waits for the first SSE event named `event` on `base + path` (with the client's cookies). */
function firstEvent(base: string, client: Client, event: string, timeoutMs: number) {
  return new Promise<{ data: string; opened: () => void }>((resolve, reject) => {
    let buffer = '';
    const req = http.get(
      `${base}/notifications/stream`,
      { headers: { cookie: client.headers().cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const match = buffer.match(new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`));
          if (match) {
            clearTimeout(timer);
            req.destroy();
            resolve({ data: match[1], opened: () => {} });
          }
        });
      },
    );
    req.on('error', () => {});
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no ${event} event within ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

/** Opens the notification stream on `base`: its status, and the error body when refused. */
function openStream(base: string, client: Client) {
  return new Promise<{ status: number; retryAfter?: string; body: string; close: () => void }>(
    (resolve, reject) => {
      const req = http.get(
        `${base}/notifications/stream`,
        { headers: { cookie: client.headers().cookie }, agent: false },
        (res) => {
          const close = () => req.destroy();
          if (res.statusCode === 200) return resolve({ status: 200, body: '', close });
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers['retry-after'] as string | undefined,
              body,
              close,
            }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

describe.runIf(!!sharedPostgresUrl)(`${PROCESSES} processes on one PostgreSQL`, () => {
  let servers: ServerProcess[] = [];
  let database: { url: string; drop(): Promise<void> };
  const dataDir = tempDir('multi');
  const bases = () =>
    servers.filter((s) => s.child.exitCode === null && !s.child.killed).map((s) => s.base);

  beforeAll(async () => {
    database = await createDatabase(sharedPostgresUrl!);
    servers = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        startServer({ dataDir, databaseUrl: database.url, env: { DATABASE_POOL_MAX: '5' } }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('concurrent saves, reactions, comments and commands keep every counter equal to its rows', async () => {
    const sellers = (await signUpMany(servers[0].base, 3, 'Seller')).map((c) =>
      roundRobin(c, bases),
    );
    const buyers = (await signUpMany(servers[1].base, BUYERS, 'Buyer')).map((c) =>
      roundRobin(c, bases),
    );
    const sub = await countableSubcategory(sellers[0]);
    const offers: number[] = [];
    for (const seller of sellers) offers.push(await postOffer(seller, sub, 20));
    const statuses = new Map<string, number>();
    const note = (what: string, status: number) =>
      statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
    await Promise.all(
      buyers.map(async (buyer) => {
        for (let round = 0; round < ROUNDS; round++) {
          const id = pick(offers);
          const answers = await Promise.all([
            buyer.get(`/products/favorite/${pick(['add', 'remove'])}/${id}`),
            buyer.post(`/reactions/create/product/${id}`, { name: pick(REACTION_KINDS) }),
            buyer.post(`/comments/create/product/${id}`, { text: `round ${round}` }),
            buyer.post(`/commands/create/product/${id}`, { number: 1 }),
          ]);
          ['save', 'reaction', 'comment', 'command'].forEach((what, i) =>
            note(what, answers[i].status),
          );
        }
      }),
    );
    const pg = await postgresQuery(database.url);
    try {
      const { drift, checked } = await counterDrift(pg.query);
      expect(checked).toBeGreaterThan(0);
      expect(drift).toEqual([]);
    } finally {
      await pg.close();
    }
    expect([...statuses.keys()].filter((k) => / 5\d\d$/.test(k))).toEqual([]);
    for (const s of servers) expect(errorLines(s.output())).toEqual([]);
  });

  it('an offer edited through one process reads fresh through another within 100 ms', async () => {
    const [seller] = await signUpMany(servers[0].base, 1, 'Fresh');
    const sub = await countableSubcategory(seller);
    const id = await postOffer(seller, sub, 3, 'Toyota Hilux 2015');
    const anonymousRead = async (base: string) =>
      (
        await (
          await fetch(`${base}/products/product/${id}`, {
            headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          })
        ).json()
      ).product;
    // Cached in process 1 (read twice), then edited through process 0.
    await anonymousRead(servers[1].base);
    const before = await anonymousRead(servers[1].base);
    expect(before).toMatchObject({ name: 'Toyota Hilux 2015', price: 150_000 });
    seller.base = servers[0].base;
    const edit = await seller.request('PUT', `/products/${id}`, {
      name: 'Toyota Hilux 2016',
      price: 140_000,
    });
    expect(edit.status).toBe(200);
    const acknowledged = Date.now();
    const fresh = (p: { name: string; price: number }) =>
      p.name === 'Toyota Hilux 2016' && p.price === 140_000;
    let product = await anonymousRead(servers[1].base);
    while (!fresh(product) && Date.now() - acknowledged < 100) {
      await new Promise((r) => setTimeout(r, 5));
      product = await anonymousRead(servers[1].base);
    }
    const elapsed = Date.now() - acknowledged;
    expect(product).toMatchObject({ name: 'Toyota Hilux 2016', price: 140_000 });
    expect(elapsed).toBeLessThan(100);
    console.info(`offer edit: fresh through another process after ${elapsed} ms`);
  });

  it('a notification caused through one process arrives on a stream held by another', async () => {
    const [seller, buyer] = await signUpMany(servers[0].base, 2, 'Live');
    const sub = await countableSubcategory(seller);
    const id = await postOffer(seller, sub, 3);
    const held = firstEvent(servers[2].base, seller, 'notification', 5_000);
    await new Promise((r) => setTimeout(r, 300)); // the stream is open
    buyer.base = servers[0].base;
    const caused = Date.now();
    expect((await buyer.post(`/comments/create/product/${id}`, { text: 'live?' })).status).toBe(
      201,
    );
    const event = JSON.parse((await held).data);
    expect(event).toMatchObject({ type: 'commented', data: { product_id: id } });
    expect(Date.now() - caused).toBeLessThan(1_000);
  });

  it('the live-stream limit holds across processes: the 4th stream is refused wherever it opens', async () => {
    const [user] = await signUpMany(servers[0].base, 1, 'Streams');
    // Two streams held by process 0, one by process 1: the user's three.
    const held = [
      await openStream(servers[0].base, user),
      await openStream(servers[0].base, user),
      await openStream(servers[1].base, user),
    ];
    try {
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      for (const base of [servers[1].base, servers[0].base]) {
        const extra = await openStream(base, user);
        expect(extra.status).toBe(429);
        expect(extra.retryAfter).toBeTruthy();
        expect(JSON.parse(extra.body)).toEqual({ errors: { global: ['too_many_attempts'] } });
      }
      // One closed on process 0 frees a slot that process 1 can give.
      held[0].close();
      await new Promise((r) => setTimeout(r, 300));
      const again = await openStream(servers[1].base, user);
      expect(again.status).toBe(200);
      held.push(again);
    } finally {
      held.forEach((s) => s.close());
    }
  });

  it('one process killed under load loses no acknowledged write', async () => {
    const [seller, ...writers] = (await signUpMany(servers[0].base, 9, 'Crash')).map((c) =>
      roundRobin(c, bases),
    );
    const sub = await countableSubcategory(seller);
    const id = await postOffer(seller, sub, 3);
    const acknowledged: number[] = [];
    let refused = 0;
    let stop = false;
    const load = writers.map(async (writer) => {
      while (!stop) {
        try {
          const res = await writer.post(`/comments/create/product/${id}`, { text: 'under load' });
          if (res.status === 201) acknowledged.push(res.body.comment.id);
        } catch {
          refused += 1; // the killed process: no answer, nothing acknowledged
        }
      }
    });
    await new Promise((r) => setTimeout(r, SHORT ? 1_500 : 5_000));
    await servers[2].kill();
    await new Promise((r) => setTimeout(r, SHORT ? 1_500 : 5_000));
    stop = true;
    await Promise.all(load);
    const pg = await postgresQuery(database.url);
    try {
      const rows = await pg.query(`select id from comments where commentable_id = ${id}`);
      const stored = new Set(rows.map((r) => Number(r.id)));
      expect(acknowledged.length).toBeGreaterThan(10);
      expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
      console.info(
        `kill under load: ${acknowledged.length} acknowledged, all stored; ${refused} cut off; load ${loadAverage()}`,
      );
    } finally {
      await pg.close();
    }
  });
});
