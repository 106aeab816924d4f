import { sql } from 'kysely';
import type { DB } from '../db/types';

/**
 * Runs `work` while holding the PostgreSQL advisory lock `key` on one pooled connection, or
 * answers `null` at once when another session holds it (pg_try_advisory_lock: skip, never wait).
 */
export async function whileHoldingTryLock<T>(
  db: DB,
  key: number,
  work: () => Promise<T>,
): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!rows[0].locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
