import type { DB } from '../db/types';
import { hit } from './rate-limits';
import { MemorySlidingWindow } from './sliding-window';

// The store behind @fastify/rate-limit's per-address route limits (keys: clientLimitKey, set
// where app.ts registers the plugin). Two kinds, chosen per route:
// - by default the database's rate_limits table (issue 18 item 3): behind several processes a
//   client gets the limit once, not once per process. For the rarer, costlier routes (sign-in,
//   frontend logs, routing), where a write per request costs little next to the work.
// - `perProcess: true` in the route's rateLimit options (readLimit(), read-limit.ts): counted in
//   this process's memory, so that hot reads cost no database write (issue 31 item 1).
// Both slide (sliding-window.ts). The plugin refuses when `current` > max; `ttl` (ms) becomes
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
  perProcess?: unknown;
  max?: unknown;
  timeWindow?: unknown;
}

const windowSecondsOf = (timeWindowMs: number) => Math.max(1, Math.round(timeWindowMs / 1000));

/** Counts in this process's memory: one sliding window per route, created at its first hit. */
class MemoryStore {
  private counter: MemorySlidingWindow | null = null;

  incr(key: string, callback: Callback, timeWindowMs: number, max: number) {
    const windowSeconds = windowSecondsOf(timeWindowMs);
    this.counter ??= new MemorySlidingWindow({ limit: max, windowSeconds });
    const result = this.counter.hit(key);
    callback(
      null,
      result.allowed
        ? { current: result.count, ttl: windowSeconds * 1000 }
        : { current: max + 1, ttl: result.retryAfterSeconds * 1000 },
    );
  }

  child(): MemoryStore {
    return new MemoryStore();
  }
}

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
    child(routeOptions: RouteParams): DatabaseRateLimitStore | MemoryStore {
      if (routeOptions.perProcess === true) return new MemoryStore();
      const { method, url } = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(`http:${String(method)}:${String(url)}`.slice(0, 100));
    }
  };
}
