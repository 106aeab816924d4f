import type { DB } from '../db/types';
import { addHit } from './rate-limits.repository';

// @fastify/rate-limit's per-address limits (sign-in, frontend logs) kept in the database's
// rate_limits table rather than in each process's memory (issue 18 item 3): behind several
// processes a client gets the limit once, not once per process. Fixed windows, as the per-user
// limits (rate-limits.ts); the plugin's `ttl` is the time left in the window.

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;

/** The store class @fastify/rate-limit instantiates (`store` option), bound to the database. */
export function databaseRateLimitStore(db: DB) {
  return class DatabaseRateLimitStore {
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'http';
    }

    incr(key: string, callback: Callback, timeWindowMs: number) {
      const windowSeconds = Math.max(1, Math.round(timeWindowMs / 1000));
      const at = Math.floor(Date.now() / 1000);
      const windowStart = Math.floor(at / windowSeconds) * windowSeconds;
      const windowEnd = windowStart + windowSeconds;
      addHit(db, { scope: this.scope, key, windowStart, windowEnd }).then(
        (current) => callback(null, { current, ttl: Math.max(1, windowEnd - at) * 1000 }),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route, as the plugin's own stores keep. */
    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method: unknown; url: unknown };
    }) {
      const { method, url } = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(`http:${String(method)}:${String(url)}`.slice(0, 100));
    }
  };
}
