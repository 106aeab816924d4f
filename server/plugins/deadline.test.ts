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
