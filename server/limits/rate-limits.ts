import type { Executor } from '../db/types';
import { tooMany } from '../errors';
import { addHit, deleteEnded } from './rate-limits.repository';

// Per-user rate limits kept in the database (issue 14 item 6), so that every process serving the
// site shares them. Fixed windows: a window of `windowSeconds` starts at a multiple of it (Unix
// time), and at most `limit` hits pass in it. Each attempt counts, refused ones included.

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export type HitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Counts one hit of `key` in `scope`; refused beyond `limit`, with the seconds to wait. */
export async function hit(
  db: Executor,
  options: RateRule & { scope: string; key: string; at?: number },
): Promise<HitResult> {
  const at = options.at ?? nowSeconds();
  const windowStart = Math.floor(at / options.windowSeconds) * options.windowSeconds;
  const windowEnd = windowStart + options.windowSeconds;
  const count = await addHit(db, {
    scope: options.scope,
    key: options.key,
    windowStart,
    windowEnd,
  });
  if (count <= options.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, windowEnd - at) };
}

/** hit(), throwing DESIGN §3's 429 (`too_many_attempts`, Retry-After) when refused. */
export async function enforce(
  db: Executor,
  options: RateRule & { scope: string; key: string },
): Promise<void> {
  const result = await hit(db, options);
  if (!result.allowed) throw tooMany(result.retryAfterSeconds);
}

/** Deletes the rows of ended windows; the app calls it on a timer (server/limits/plugin.ts). */
export function pruneRateLimits(db: Executor, at: number = nowSeconds()): Promise<number> {
  return deleteEnded(db, at);
}
