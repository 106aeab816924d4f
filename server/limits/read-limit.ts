import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Config } from '../config';
import { SINGLE_READ_LIMIT } from '../../shared/constants';
import { HttpError } from '../errors';
import { clientLimitKey } from '../plugins/client-address';
import { MemorySlidingWindow } from './sliding-window';

// The per-address limit of the hot reads (issue 19 item 5, issue 31 item 1): counted per route
// and address (clientLimitKey) in this process's memory, so that a read costs no database write
// (a test counts every table's rows around a read). Its own callback-style onRequest hook rather
// than @fastify/rate-limit's (async, three promises a request: docs/performance.md "The hook
// chain"), with the same answers: X-RateLimit-Limit, -Remaining and -Reset on every read, and
// beyond the limit DESIGN §3's 429 with Retry-After (server/plugins/errors.ts).

interface ReadRule {
  limit: number;
  windowSeconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's per-address read limit (readLimit()). */
    readLimit?: ReadRule;
  }
}

/** The route option that limits a read per address under `rule` (times USER_RATE_LIMIT_FACTOR). */
export function readLimit(config: Config, rule: ReadRule): { readLimit: ReadRule } {
  return {
    readLimit: {
      limit: Math.ceil(rule.limit * config.userRateLimitFactor),
      windowSeconds: rule.windowSeconds,
    },
  };
}

/**
 * The single offer and single shop answers (they carry the shop's numbers): issue 19 item 5.
 */
export function singleReadLimit(config: Config) {
  return readLimit(config, SINGLE_READ_LIMIT);
}

/** A route's read limit: its rule and the window it counts in (one per route). */
export interface ReadWindow {
  rule: ReadRule;
  window: MemorySlidingWindow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The read limits by method and route as registered (`GET /products/product/:id`): the front
     * lanes count in the same windows.
     */
    readWindows: Map<string, ReadWindow>;
  }
}

/** The headers a counted read answers with (what the hook below sets on the reply). */
export function readLimitHeaders({ rule }: ReadWindow, count: number): [string, number][] {
  return [
    ['x-ratelimit-limit', rule.limit],
    ['x-ratelimit-remaining', rule.limit - count],
    ['x-ratelimit-reset', rule.windowSeconds],
  ];
}

/** One window per route, as @fastify/rate-limit kept one store per route. */
function readLimitHook(limit: ReadWindow): onRequestHookHandler {
  const { window, rule } = limit;
  return (request, reply, done) => {
    const result = window.hit(clientLimitKey(request));
    if (result.allowed) {
      for (const [name, value] of readLimitHeaders(limit, result.count)) reply.header(name, value);
      return done();
    }
    const wait = String(result.retryAfterSeconds);
    reply
      .header('x-ratelimit-limit', rule.limit)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', wait);
    done(new HttpError(429, { global: ['too_many_attempts'] }, { 'retry-after': wait }));
  };
}

/** Every route registered after this with `config: readLimit(…)` gets its limit's hook. */
export function addReadLimits(app: FastifyInstance): void {
  app.decorate('readWindows', new Map<string, ReadWindow>());
  app.addHook('onRoute', (route) => {
    const rule = route.config?.readLimit;
    if (!rule) return;
    const limit = { rule, window: new MemorySlidingWindow(rule) };
    app.readWindows.set(`${[route.method].flat().join(',')} ${route.url}`, limit);
    route.onRequest = [...[route.onRequest ?? []].flat(), readLimitHook(limit)];
  });
}
