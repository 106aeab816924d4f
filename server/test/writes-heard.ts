import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { announce } from '../events/bus.repository';

/**
 * PostgreSQL: resolves once this app's event bus has heard the writes announced before the call.
 * A NOTIFY reaches the listening connection after the statement's answer (later still under load:
 * CI saw a test's own setup drop the page it had just kept, 90 ms after), and every channel's
 * notifications come in one queue, in commit order: a marker announced now arrives after them.
 * The marker goes on the `notification` channel, whose listeners ignore what is not
 * "user:id" (on `write` it would drop the pages kept, as any write does). A test that keeps
 * something (a rendered page) after its setup's writes calls this first. SQLite: at once.
 */
export async function writesHeard(app: FastifyInstance): Promise<void> {
  if (app.dialect !== 'postgres') return;
  // The hooks after a response (page-cache.ts's announcement) run once the caller has it.
  await new Promise((resolve) => setImmediate(resolve));
  const marker = `test-heard-${crypto.randomUUID()}`;
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = app.events.subscribe('notification', (payload) => {
      if (payload === marker) resolve();
    });
  });
  try {
    await announce(app.db, 'notification', marker);
    await heard;
  } finally {
    stop();
  }
}
