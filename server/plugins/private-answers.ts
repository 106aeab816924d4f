import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { appendVary } from './vary';

// Issue 29 item 12: what a signed-in user reads (their profile, saved searches, unread counts…)
// must not be kept by a shared cache or the browser's HTTP cache and shown to the next person on
// the same computer or proxy. Every JSON answer to a signed-in request says so, unless its route
// has chosen a Cache-Control of its own; Vary: Cookie tells caches the answer depends on who asks.
// (The service worker's offline copies are its own, made on purpose, and unaffected.)

/** Marks one answer as private to whoever asked (routes that sign in, or answer by session). */
export function privateAnswer(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
  appendVary(reply, 'Cookie');
}

export default fp(async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user && !reply.hasHeader('cache-control')) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('application/json')) privateAnswer(reply);
    }
    done(null, payload);
  });
});
