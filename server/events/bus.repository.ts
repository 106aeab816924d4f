import { sql } from 'kysely';
import type { DB } from '../db/types';
import { PG_CHANNELS, type BusChannel } from './bus';

/** PostgreSQL: tells every process listening on `channel` (this one too), at once (no transaction). */
export async function announce(db: DB, channel: BusChannel, payload: string): Promise<void> {
  await sql`select pg_notify(${PG_CHANNELS[channel]}, ${payload})`.execute(db);
}
