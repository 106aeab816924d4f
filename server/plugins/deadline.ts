import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { serverBusy } from './errors';

// An overall deadline per request (issue 14 item 3): a request whose handler has not answered
// within REQUEST_TIMEOUT_MS gets 503 with Retry-After in DESIGN §3's shape, rather than keeping
// the client (and a proxy's connection) waiting. The handler's own late answer is dropped.
// The clock starts once the body has been read (preHandler): a slow network sending a large JSON
// body is not the server's delay. Multipart forms are read by their handler, on the network's
// time, so they are left out. The clock stops once the handler has answered (onSend): a stream
// (GET /notifications/stream) or a download (/media/...) then sends its body on the network's time,
// and is neither cut at the deadline nor, by a second answer on a started one, logged as a 500
// (issue 29 item 12).

const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

export default fp<{ timeoutMs: number }>(async (app, { timeoutMs }) => {
  if (!timeoutMs) return;
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.headers['content-type']?.startsWith('multipart/')) {
      const timer = setTimeout(() => {
        if (reply.sent || reply.raw.headersSent) return;
        request.log.warn({ url: request.url, timeoutMs }, 'request deadline passed');
        void reply.status(503).header('retry-after', '5').send(serverBusy);
      }, timeoutMs);
      timer.unref();
      timers.set(request, timer);
    }
    done();
  });
  // Every answer passes here, the 503 above included.
  app.addHook('onSend', (request, _reply, payload, done) => {
    clearTimeout(timers.get(request));
    done(null, payload);
  });
});
