import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { searchVectorInline } from './043-search-vector-inline';

// Migration 043 (PostgreSQL): products.search_vector is stored in the row (`main`: compressed
// there, moved out only as a last resort), so that testing a candidate's tier reads no TOAST; down
// gives the default back. SQLite: nothing.

describe('migration 043-search-vector-inline', () => {
  for (const engine of engines) {
    it(`keeps the search vector in the product's row, and down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        if (dialect === 'sqlite') {
          const columns = await sql<{ name: string }>`select name from pragma_table_info('products')
            where name = 'search_vector'`.execute(db);
          expect(columns.rows).toEqual([]);
          return;
        }
        const storage = async () =>
          (
            await sql<{ attstorage: string }>`select attstorage from pg_attribute
              where attrelid = 'products'::regclass and attname = 'search_vector'`.execute(db)
          ).rows[0]?.attstorage;
        expect(await storage()).toBe('m');
        const migration = searchVectorInline(dialect);
        await db.transaction().execute((trx) => migration.down!(trx));
        expect(await storage()).toBe('x');
        await db.transaction().execute((trx) => migration.up(trx));
        expect(await storage()).toBe('m');
      });
    }, 60_000);
  }
});
