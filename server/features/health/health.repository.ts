import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
