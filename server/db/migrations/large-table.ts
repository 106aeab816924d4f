import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../types';

/**
 * PostgreSQL, for the migration's transaction: no statement timeout (building an index on, or
 * re-indexing, 1,000,000 products outlasts the 5 s a request is allowed; migrate.ts lifts it for
 * its connection too) and, given, more memory to build indexes with. Nothing on SQLite.
 */
export async function forLargeTable(
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
  db: Kysely<any>,
  dialect: Dialect,
  maintenanceWorkMem?: '128MB' | '256MB',
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`set local statement_timeout = 0`.execute(db);
  if (maintenanceWorkMem) {
    await sql.raw(`set local maintenance_work_mem = '${maintenanceWorkMem}'`).execute(db);
  }
}
