import { LIMIT_WINDOW_BUCKETS } from '../../shared/constants';

// Sliding windows (issue 29 item 12; docs/decisions.md "Limit windows slide"). A fixed window
// lets a client spend its whole limit at the end of one window and again at the start of the
// next (3 an hour would be 6 within a minute across the hour). Instead each limit counts its hits
// in buckets of windowSeconds / LIMIT_WINDOW_BUCKETS (at least a second), and a hit is allowed
// while the buckets that may still hold a hit of the last windowSeconds add up to at most the
// limit. A bucket counts whole until every hit in it is older than the window, so the count is
// never lower than the true one: at most `limit` hits pass in any span of windowSeconds, and a
// client waits at most one bucket longer than it strictly would. Refused hits are not counted
// (the caller takes them back), so a client that keeps retrying gets in once the window allows.

export interface Bucket {
  /** Start of the bucket (Unix seconds). */
  start: number;
  /** When the bucket stops counting: start + bucket length + windowSeconds. */
  end: number;
  count: number;
}

export function bucketSeconds(windowSeconds: number): number {
  return Math.max(1, Math.ceil(windowSeconds / LIMIT_WINDOW_BUCKETS));
}

/** The bucket a hit at `at` (Unix seconds) goes in. */
export function bucketAt(at: number, windowSeconds: number): { start: number; end: number } {
  const size = bucketSeconds(windowSeconds);
  const start = Math.floor(at / size) * size;
  return { start, end: start + size + windowSeconds };
}

/**
 * Seconds from `at` until the buckets still counting (`end` > at) add up to less than `limit`,
 * so that one more hit would pass; at least 1.
 */
export function secondsUntilRoom(buckets: readonly Bucket[], at: number, limit: number): number {
  const live = buckets.filter((b) => b.end > at).sort((a, b) => a.end - b.end);
  let total = live.reduce((sum, b) => sum + b.count, 0);
  let until = at + 1;
  for (const bucket of live) {
    if (total < limit) break;
    total -= bucket.count;
    until = bucket.end;
  }
  return Math.max(1, until - at);
}

/**
 * A sliding window counted in this process's memory (the hot read limit: no database write per
 * read). Keys idle past their window are dropped as they are met; past `maxKeys` the least
 * recently used key goes, so memory stays bounded whatever the number of clients.
 */
export class MemorySlidingWindow {
  private readonly keys = new Map<string, Bucket[]>();

  constructor(
    private readonly rule: { limit: number; windowSeconds: number },
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit of `key` at `at` (seconds); refused beyond the limit (and not counted). */
  hit(
    key: string,
    at: number = Date.now() / 1000,
  ): { allowed: true; count: number } | { allowed: false; retryAfterSeconds: number } {
    const now = Math.floor(at);
    const { limit, windowSeconds } = this.rule;
    const buckets = (this.keys.get(key) ?? []).filter((b) => b.end > now);
    // Re-inserted on every hit: the Map's first key is the least recently used.
    this.keys.delete(key);
    const total = buckets.reduce((sum, b) => sum + b.count, 0);
    if (total >= limit) {
      this.keys.set(key, buckets);
      return { allowed: false, retryAfterSeconds: secondsUntilRoom(buckets, now, limit) };
    }
    const { start, end } = bucketAt(now, windowSeconds);
    const last = buckets.at(-1);
    if (last && last.start === start) last.count += 1;
    else buckets.push({ start, end, count: 1 });
    this.keys.set(key, buckets);
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    return { allowed: true, count: total + 1 };
  }

  get size(): number {
    return this.keys.size;
  }
}
