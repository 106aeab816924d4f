import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Issue 31 item 4 (docs/decisions.md "Kept answers in front of Fastify"): a few answers made in
// advance for visitors (a kept offer's JSON) are written from the HTTP server's request listener,
// before Fastify makes its request and reply, runs its router and its hooks: that is half of a
// bare Fastify answer's CPU. A lane answers only when it can tell, from the raw request alone,
// that Fastify's way would give the very same answer (same status, headers and bytes; its tests
// send both ways and compare); anything else it leaves to Fastify by returning false, having
// changed nothing. What the hooks would decide, it decides with the hooks' own functions (the
// session's `visitorCookies`, the read limit's window, the client's address as Fastify reads it).

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
export const FRONT_VARY = 'accept-encoding, Accept, X-Requested-With';

/** How many answers the lanes wrote (the tests tell the two ways apart by it). */
export const frontLaneStats = { answered: 0 };

/** Writes a lane's answer: `headers` as a flat list of names and values (no object spread). */
export function writeFront(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeader[],
  body: Buffer | string,
): true {
  frontLaneStats.answered += 1;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  headers.push('content-length', length);
  res.writeHead(status, headers);
  res.end(body);
  return true;
}

export default fp(async (app: FastifyInstance) => {
  const lanes: FrontLane[] = [];
  app.decorate('frontLanes', lanes);
  // Once every route is registered and the server made: Fastify's request listener is set aside
  // and called after the lanes. Off while shutting down (every request goes Fastify's way, which
  // answers 503), and `app.inject` (tests) never passes here. Off as well when requests are logged
  // (LOG_LEVEL info or finer: Fastify logs each one), so that the log misses none.
  app.addHook('onReady', (done) => {
    const server = app.server;
    const [fastify] = server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse,
    ) => void)[];
    const logged = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (!fastify || !lanes.length || logged?.call(app.log, 'info')) return done();
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
