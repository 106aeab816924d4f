import type { Executor } from '../db/types';
import { tooMany } from '../errors';
import { addHit, deleteEnded, otherBuckets, removeHit } from './rate-limits.repository';
import { bucketAt, secondsUntilRoom } from './sliding-window';

// Rate limits kept in the database (issue 14 item 6), so that every process serving the site
// shares them. Sliding windows (server/limits/sliding-window.ts): at most `limit` hits pass in
// any span of `windowSeconds`; a refused hit is taken back, so it does not count.

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export type HitResult =
  { allowed: true; count: number } | { allowed: false; retryAfterSeconds: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Counts one hit of `key` in `scope`; refused beyond `limit`, with the seconds to wait. The hit
 * goes into its bucket in one statement (each of any number of parallel hits gets a distinct
 * count there) and the key's older buckets do not change meanwhile, so parallel hits never pass
 * the limit together.
 */
export async function hit(
  db: Executor,
  options: RateRule & { scope: string; key: string; at?: number },
): Promise<HitResult> {
  const at = options.at ?? nowSeconds();
  const { scope, key, limit } = options;
  const bucket = bucketAt(at, options.windowSeconds);
  const inBucket = await addHit(db, {
    scope,
    key,
    windowStart: bucket.start,
    windowEnd: bucket.end,
  });
  const others = await otherBuckets(db, { scope, key, at, exceptStart: bucket.start });
  const count = others.reduce((sum, b) => sum + b.count, inBucket);
  if (count <= limit) return { allowed: true, count };
  await removeHit(db, { scope, key, windowStart: bucket.start });
  const buckets = [...others, { ...bucket, count: inBucket - 1 }];
  return { allowed: false, retryAfterSeconds: secondsUntilRoom(buckets, at, limit) };
}

/** hit(), throwing DESIGN §3's 429 (`too_many_attempts`, Retry-After) when refused. */
export async function enforce(
  db: Executor,
  options: RateRule & { scope: string; key: string },
): Promise<void> {
  const result = await hit(db, options);
  if (!result.allowed) throw tooMany(result.retryAfterSeconds);
}

/** Deletes the rows of buckets no longer counting; the app calls it on a timer (housekeeping). */
export function pruneRateLimits(db: Executor, at: number = nowSeconds()): Promise<number> {
  return deleteEnded(db, at);
}
