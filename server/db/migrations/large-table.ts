import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../types';

/**
 * PostgreSQL, for the migration's transaction: more memory to build indexes on a large products
 * table with. (Its statement timeout is lifted for every migration by migrate.ts's
 * underStartupLock: building an index at 1,000,000 products outlasts the 5 s a request is
 * allowed.) Nothing on SQLite.
 */
export async function forLargeTable(
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
  db: Kysely<any>,
  dialect: Dialect,
  maintenanceWorkMem: '128MB' | '256MB',
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`set local maintenance_work_mem = '${maintenanceWorkMem}'`).execute(db);
}
