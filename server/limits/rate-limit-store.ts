import type { DB } from '../db/types';
import { hit } from './rate-limits';

// The store behind @fastify/rate-limit's per-address route limits (keys: clientLimitKey, set
// where app.ts registers the plugin): the database's rate_limits table (issue 18 item 3), so that
// behind several processes a client gets the limit once, not once per process. For the rarer,
// costlier routes (sign-in, frontend logs, routing), where a write per request costs little next
// to the work; the hot reads count in memory instead (readLimit(), read-limit.ts). The window
// slides (sliding-window.ts). The plugin refuses when `current` > max; `ttl` (ms) becomes
// Retry-After.

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;

interface RouteParams {
  method?: unknown;
  url?: unknown;
  routeInfo?: { method: unknown; url: unknown };
  max?: unknown;
  timeWindow?: unknown;
}

const windowSecondsOf = (timeWindowMs: number) => Math.max(1, Math.round(timeWindowMs / 1000));

/** The store class @fastify/rate-limit instantiates (`store` option), bound to the database. */
export function rateLimitStore(db: DB) {
  return class DatabaseRateLimitStore {
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'http';
    }

    incr(key: string, callback: Callback, timeWindowMs: number, max: number) {
      const windowSeconds = windowSecondsOf(timeWindowMs);
      hit(db, { scope: this.scope, key, limit: max, windowSeconds }).then(
        (result) =>
          callback(
            null,
            result.allowed
              ? { current: result.count, ttl: windowSeconds * 1000 }
              : { current: max + 1, ttl: result.retryAfterSeconds * 1000 },
          ),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route, as the plugin's own stores keep. */
    child(routeOptions: RouteParams): DatabaseRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(`http:${String(method)}:${String(url)}`.slice(0, 100));
    }
  };
}
