import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readLimitHeaders } from '../limits/read-limit';
import { rawClient } from './client-address';
import { acceptsGzip } from './compression';
import { requestId } from './request-log';

// Issue 31 item 4 (docs/decisions.md "Kept answers in front of Fastify"): a few answers made in
// advance for visitors (a kept offer's JSON) are written from the HTTP server's request listener,
// before Fastify makes its request and reply, runs its router and its hooks: that is half of a
// bare Fastify answer's CPU. A lane answers only when it can tell, from the raw request alone,
// that Fastify's way would give the very same answer (same status, headers and bytes; its tests
// send both ways and compare); anything else it leaves to Fastify by returning false, having
// changed nothing. What the hooks would decide, it decides with the hooks' own functions (the
// session's `visitorCookies`, the read limit's window, the client's address as Fastify reads it).
// At LOG_LEVEL info a lane logs its request as Fastify would, with the same two lines.

/** Answers `req` and returns true, or returns false having written nothing. */
export type FrontLane = (req: IncomingMessage, res: ServerResponse) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** The lanes tried in turn before Fastify's own handler (see above). */
    frontLanes: FrontLane[];
  }
}

/**
 * The Vary of a kept answer (JSON or page): it depends on the encoding the client takes and on
 * whether it asked for JSON (compression.ts, negotiation.ts add the same names in this order).
 */
const FRONT_VARY = 'accept-encoding, Accept, X-Requested-With';

/** How many answers the lanes wrote (the tests tell the two ways apart by it). */
export const frontLaneStats = { answered: 0 };

/** A kept answer a lane found for a request. */
export interface FrontAnswer {
  status: number;
  /** The route as registered that would answer (its read limit, its metrics); null: none. */
  route: string | null;
  /** Its headers but the read limit's, the encoding's and Vary: a flat list of names and values. */
  headers: readonly OutgoingHttpHeader[];
  plain: Buffer | string;
  /** Null while not made yet: a client that takes gzip then goes Fastify's way. */
  gzip: Buffer | null;
}

/** Whether Fastify logs each request (LOG_LEVEL info or finer; pino's level can change). */
const logsRequests = (app: FastifyInstance) =>
  (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.call(
    app.log,
    'info',
  ) ?? false;

/**
 * What sends the lanes' answers for `app`: the body the client takes, counted in the route's read
 * limit (the window its hook counts in, `app.readWindows`, under the client's address as Fastify
 * reads it), timed in the metrics, and logged as Fastify logs a request when info is on. False,
 * with nothing counted, logged or written, when the client takes gzip and it is not made, or the
 * limit refuses (Fastify then refuses it again).
 */
export function frontSender(app: FastifyInstance) {
  const client = rawClient(app.config.trustProxy);
  return (req: IncomingMessage, res: ServerResponse, answer: FrontAnswer): boolean => {
    const logged = logsRequests(app);
    const started = app.metrics || logged ? performance.now() : 0;
    const gzip = acceptsGzip(req);
    const body = gzip ? answer.gzip : answer.plain;
    if (!body) return false;
    // As a flat list of names and values: an object spread took V8's slow path (kept-answer.ts).
    const headers: OutgoingHttpHeader[] = [...answer.headers, 'vary', FRONT_VARY];
    const limit = answer.route === null ? undefined : app.readWindows.get(`GET ${answer.route}`);
    if (limit) {
      const counted = limit.window.hit(client.limitKey(req));
      if (!counted.allowed) return false;
      headers.push(...readLimitHeaders(limit, counted.count).flat());
    }
    if (gzip) headers.push('content-encoding', 'gzip');
    headers.push(
      'content-length',
      typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    );
    // Fastify's two lines (its log controller), through the app's serializer of `req` (app.ts).
    const log = logged ? app.log.child({ reqId: requestId() }) : null;
    if (log) {
      const request = { method: 'GET', url: req.url, host: client.host(req), ip: client.ip(req) };
      log.info({ req: request }, 'incoming request');
    }
    res.writeHead(answer.status, headers);
    res.end(body);
    frontLaneStats.answered += 1;
    const elapsed = performance.now() - started;
    log?.info({ res: { statusCode: answer.status }, responseTime: elapsed }, 'request completed');
    app.metrics?.requestSeconds.observe(
      { method: 'GET', route: answer.route ?? 'unmatched', status: answer.status },
      elapsed / 1000,
    );
    return true;
  };
}

export default fp(async (app: FastifyInstance) => {
  const lanes: FrontLane[] = [];
  app.decorate('frontLanes', lanes);
  // Once every route is registered and the server made: Fastify's request listener is set aside
  // and called after the lanes. Off while shutting down (every request goes Fastify's way, which
  // answers 503), and `app.inject` (tests) never passes here.
  app.addHook('onReady', (done) => {
    const server = app.server;
    const [fastify] = server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse,
    ) => void)[];
    if (!fastify || !lanes.length) return done();
    server.removeListener('request', fastify);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!app.readiness.stopping) {
        for (const lane of lanes) if (lane(req, res)) return;
      }
      fastify(req, res);
    });
    done();
  });
});
