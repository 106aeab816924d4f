import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { PFIELD_NUMBER } from './020-search-covering-indexes';
import { searchPfieldCoveringPg } from './044-search-pfield-covering-pg';

// Migration 044 (PostgreSQL): a field value's products, and a product's value of a field, are read
// from an index alone (no row of product_pfield); down gives back the indexes as they were.
// SQLite: nothing (migration 040 made its own).

describe('migration 044-search-pfield-covering-pg', () => {
  for (const engine of engines) {
    it(`reads field values from their indexes alone, and down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        if (dialect === 'sqlite') {
          const { rows } = await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and name = 'product_pfield_product_value'`.execute(db);
          expect(rows).toHaveLength(1);
          return;
        }
        const number = sql.raw(PFIELD_NUMBER.postgres);
        const reads = [
          sql`select product_id from product_pfield where pfield_id = 1 and value = 'Toyota'`,
          sql`select product_id from product_pfield where pfield_id = 2
            and ${number} >= 2010 and ${number} <= 2020`,
          sql`select value from product_pfield where product_id = 7 and pfield_id = 2`,
        ];
        // Each read's plan on this empty table, with the table and bitmap reads ruled out: an
        // index-only scan where an index holds all it needs.
        const plans = () =>
          db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            await sql`set local enable_bitmapscan = off`.execute(trx);
            const found: string[] = [];
            for (const read of reads) {
              const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${read}`.execute(trx);
              found.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
            }
            return found;
          });
        for (const plan of await plans()) expect(plan).toContain('Index Only Scan');
        const migration = searchPfieldCoveringPg(dialect);
        await db.transaction().execute((trx) => migration.down!(trx));
        for (const plan of await plans()) expect(plan).not.toContain('Index Only Scan');
        await db.transaction().execute((trx) => migration.up(trx));
        for (const plan of await plans()) expect(plan).toContain('Index Only Scan');
      });
    }, 60_000);
  }
});
