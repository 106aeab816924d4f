import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../../db/types';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';

// PostgreSQL's plans of a search's statement, read in a transaction rolled back.

/** Thrown to roll a transaction back, carrying what it read. */
class Rollback extends Error {}

/**
 * PostgreSQL's plan (EXPLAIN) of a search's statement, in a transaction rolled back once read:
 * `prepare` sets it up there (settings, indexes dropped), and nothing of it stays.
 */
export function planOf(db: DB, q: SearchQuery, prepare: (trx: DB) => Promise<void>) {
  const { sql: text, parameters } = orderedQuery('postgres', q, COUNTED, 0).compile(db);
  return db
    .transaction()
    .execute(async (trx) => {
      await prepare(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      throw new Rollback(rows.map((r) => r['QUERY PLAN']).join('\n'));
    })
    .catch((e: unknown) => {
      if (e instanceof Rollback) return e.message;
      throw e;
    });
}

/**
 * A read's plan as at 1,000,000, where `index` is read as a bitmap: this small table would be read
 * whole, or from another index, otherwise (its other indexes dropped, rolled back).
 */
export const bitmapPlanOf = (db: DB, q: SearchQuery, index: string) =>
  planOf(db, q, async (trx) => {
    const { rows: others } = await sql<{ name: string }>`select indexname as name
      from pg_indexes where tablename = 'products'
        and indexname not in ('products_pkey', ${index})`.execute(trx);
    for (const { name } of others) await sql`drop index ${sql.id(name)}`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
  });
