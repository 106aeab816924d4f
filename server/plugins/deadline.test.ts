import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import errors from './errors';
import deadline from './deadline';

// Issue 14 item 3: a request the server cannot answer in time gets 503 in DESIGN §3's shape
// (with Retry-After) at the deadline, not a connection held open for as long as the work takes.

const app = Fastify({ logger: false });
afterAll(() => app.close());

it('answers 503 at the deadline, and leaves quick requests alone', async () => {
  await app.register(errors);
  await app.register(deadline, { timeoutMs: 100 });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 600));
    return { late: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  const started = Date.now();
  const slow = await app.inject('/slow');
  expect(Date.now() - started).toBeLessThan(500);
  expect(slow.statusCode).toBe(503);
  expect(slow.headers['retry-after']).toBe('5');
  expect(slow.json()).toEqual({ errors: { global: ['server_busy'] } });
  const quick = await app.inject('/quick');
  expect(quick.statusCode).toBe(200);
  expect(quick.json()).toEqual({ ok: true });
  // The slow handler's late answer is dropped without harm.
  await new Promise((r) => setTimeout(r, 600));
});

// One timer serves every request (deadline.ts): each still gets its 503 at its own deadline, in
// the order they came, and requests answered in between neither move it nor get one.
it('gives each waiting request its own deadline, with one timer for all', async () => {
  const queued = Fastify({ logger: false });
  await queued.register(errors);
  await queued.register(deadline, { timeoutMs: 150 });
  queued.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 700));
    return { late: true };
  });
  queued.get('/quick', async () => ({ ok: true }));
  try {
    const started = Date.now();
    const answeredAt: number[] = [];
    const slow = [0, 100, 200].map(async (delay) => {
      await new Promise((r) => setTimeout(r, delay));
      const response = await queued.inject('/slow');
      answeredAt.push(Date.now() - started);
      return response.statusCode;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect((await queued.inject('/quick')).statusCode).toBe(200);
    expect(await Promise.all(slow)).toEqual([503, 503, 503]);
    // Each at its own start + 150 ms (150, 250, 350), well before the handlers' 700 ms.
    expect(answeredAt).toHaveLength(3);
    answeredAt.forEach((at, i) => {
      expect(at).toBeGreaterThanOrEqual(140 + 100 * i);
      expect(at).toBeLessThan(600 + 100 * i);
    });
    await new Promise((r) => setTimeout(r, 700));
  } finally {
    await queued.close();
  }
});

// Issue 29 item 12: the deadline is for the handler to answer. A stream (server-sent events) or a
// download that has started is then on the network's time: it is not cut at the deadline, and
// nothing about it is logged as a failure (a 500 in the access log, an error line).
it('leaves a started stream or download alone past the deadline, and logs no failure', async () => {
  const lines: { level: number; msg?: string; res?: { statusCode?: number } }[] = [];
  const logged = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await logged.register(errors);
  await logged.register(deadline, { timeoutMs: 100 });
  // Ten chunks over half a second: five times the deadline.
  const slowBody = () =>
    Readable.from(
      (async function* () {
        for (let i = 0; i < 10; i += 1) {
          await new Promise((r) => setTimeout(r, 50));
          yield `chunk ${i}\n`;
        }
      })(),
    );
  logged.get('/events', (_request, reply) =>
    reply.header('content-type', 'text/event-stream').send(slowBody()),
  );
  logged.get('/download', (_request, reply) =>
    reply.header('content-type', 'application/octet-stream').send(slowBody()),
  );
  const base = await logged.listen({ port: 0, host: '127.0.0.1' });
  try {
    for (const path of ['/events', '/download']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.trim().split('\n')).toHaveLength(10);
    }
  } finally {
    await logged.close();
  }
  expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  expect(lines.filter((line) => line.res?.statusCode === 500)).toEqual([]);
  expect(lines.filter((line) => line.msg === 'request deadline passed')).toEqual([]);
});
