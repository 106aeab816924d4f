import { sql } from 'kysely';
import type { Executor } from '../db/types';

// The rate_limits table (migration 007): one row per (scope, key, window start).

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

/** Removes the rows of windows that ended at or before `nowSeconds`. */
export async function deleteEnded(db: Executor, nowSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_end', '<=', nowSeconds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
