import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { PFIELD_NUMBER } from './020-search-covering-indexes';
import { searchPfieldCovering } from './040-search-pfield-covering';

// Migration 040 (SQLite): a field value's products are read from its index alone, the product's
// id being the index's last column, and a product's value of a field from the index by product;
// down gives back the indexes as they were. PostgreSQL: nothing (its own are migration 044's).

describe('migration 040-search-pfield-covering', () => {
  for (const engine of engines) {
    // SQLite's indexes only: PostgreSQL's are migration 044's (its own test).
    it.skipIf(engine !== 'sqlite')(
      `reads a field value's products from its index alone, and down [${engine}]`,
      async () => {
        await withEmptyDatabase(engine, async ({ db, dialect }) => {
          await migrateToLatest(db, dialect);
          const number = sql.raw(PFIELD_NUMBER[dialect]);
          const lists = [
            sql`select product_id from product_pfield where pfield_id = 1 and value = 'Toyota'`,
            sql`select product_id from product_pfield where pfield_id = 2
            and ${number} >= 2010 and ${number} <= 2020`,
          ];
          const plans = async () =>
            Promise.all(
              lists.map(async (list) =>
                (await sql<{ detail: string }>`explain query plan ${list}`.execute(db)).rows
                  .map((r) => r.detail)
                  .join('\n'),
              ),
            );
          const columns = async (index: string) =>
            (
              await sql<{
                name: string | null;
              }>`select name from pragma_index_info(${index})`.execute(db)
            ).rows.map((r) => r.name ?? 'expression');
          expect(await columns('product_pfield_value')).toEqual([
            'pfield_id',
            'value',
            'product_id',
          ]);
          expect(await columns('product_pfield_number')).toEqual([
            'pfield_id',
            'expression',
            'product_id',
          ]);
          expect(await columns('product_pfield_product_value')).toEqual([
            'product_id',
            'pfield_id',
            'value',
          ]);
          expect(await plans()).toEqual([
            expect.stringContaining('COVERING INDEX product_pfield_value'),
            expect.stringContaining('COVERING INDEX product_pfield_number'),
          ]);

          const migration = searchPfieldCovering(dialect);
          await db.transaction().execute((trx) => migration.down!(trx));
          expect(await columns('product_pfield_value')).toEqual(['pfield_id', 'value']);
          expect(await columns('product_pfield_number')).toEqual(['pfield_id', 'expression']);
          expect(await columns('product_pfield_product_value')).toEqual([]);
          for (const plan of await plans()) expect(plan).not.toContain('COVERING');
          await db.transaction().execute((trx) => migration.up(trx));
          expect(await columns('product_pfield_value')).toEqual([
            'pfield_id',
            'value',
            'product_id',
          ]);
        });
      },
      60_000,
    );
  }
});
