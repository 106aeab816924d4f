import { sql } from 'kysely';
import type { Executor } from '../db/types';

// The rate_limits table (migration 007): one row per (scope, key, bucket start); `window_end` is
// when the bucket stops counting (server/limits/sliding-window.ts).

/**
 * Adds one hit to the window's row, creating it, and answers the count after this hit. One
 * statement (insert … on conflict do update … returning): atomic on both engines, so parallel
 * hits from any number of processes each get a distinct count.
 */
export async function addHit(
  db: Executor,
  row: { scope: string; key: string; windowStart: number; windowEnd: number },
): Promise<number> {
  const result = await db
    .insertInto('rate_limits')
    .values({
      scope: row.scope,
      key: row.key,
      window_start: row.windowStart,
      window_end: row.windowEnd,
      count: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key', 'window_start'])
        .doUpdateSet({ count: sql<number>`rate_limits.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(result.count);
}

/** The key's other buckets still counting at `at` (every bucket but `exceptStart`'s). */
export function otherBuckets(
  db: Executor,
  row: { scope: string; key: string; at: number; exceptStart: number },
): Promise<{ start: number; end: number; count: number }[]> {
  return db
    .selectFrom('rate_limits')
    .select(['window_start as start', 'window_end as end', 'count'])
    .where('scope', '=', row.scope)
    .where('key', '=', row.key)
    .where('window_end', '>', row.at)
    .where('window_start', '!=', row.exceptStart)
    .execute()
    .then((rows) =>
      rows.map((r) => ({ start: Number(r.start), end: Number(r.end), count: Number(r.count) })),
    );
}

/** Takes back one hit from a bucket (a refused hit does not count). */
export async function removeHit(
  db: Executor,
  row: { scope: string; key: string; windowStart: number },
): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('scope', '=', row.scope)
    .where('key', '=', row.key)
    .where('window_start', '=', row.windowStart)
    .execute();
}

/** Removes the rows of windows that ended at or before `nowSeconds`. */
export async function deleteEnded(db: Executor, nowSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_end', '<=', nowSeconds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
