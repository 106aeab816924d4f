import type { Executor } from '../../db/types';

// The login_throttle table (docs/decisions.md, "Sign-in throttling"): one row per counted key,
// with the failures since window_start and the time of the last one.

export interface ThrottleRow {
  key: string;
  failures: number;
  window_start: string;
  last_failure_at: string | null;
}

export function findThrottleRows(db: Executor, keys: string[]): Promise<ThrottleRow[]> {
  return db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
}

/**
 * One more failure under each key, in one statement per key: a window that began before
 * `windowStart` has run out, and the count starts again at 1.
 */
export async function countFailure(db: Executor, keys: string[], windowStart: string, at: string) {
  for (const key of keys) {
    await db
      .insertInto('login_throttle')
      .values({ key, failures: 1, window_start: at, last_failure_at: at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb('login_throttle.window_start', '<', windowStart);
          return {
            failures: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('login_throttle.failures', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when(expired)
              .then(at)
              .else(eb.ref('login_throttle.window_start'))
              .end(),
            last_failure_at: at,
          };
        }),
      )
      .execute();
  }
}

export async function deleteThrottleKey(db: Executor, key: string) {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Rows whose window began before `windowStart` count nothing any more. */
export async function pruneLoginThrottle(db: Executor, windowStart: string): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where('window_start', '<', windowStart)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
