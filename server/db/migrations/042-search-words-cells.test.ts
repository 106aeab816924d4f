import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { searchWordsCells, WORDS_CELLS } from './042-search-words-cells';

// Migration 042 (PostgreSQL): one GIN index on the listed products' search vector and the grid
// cells of their place; down drops it, up makes it again. SQLite: nothing (its distance box stays
// on the btree indexes).

describe('migration 042-search-words-cells', () => {
  for (const engine of engines) {
    it(`indexes the listed products' words and place cells together, and down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        const definition = async () =>
          dialect === 'postgres'
            ? (
                await sql<{ indexdef: string }>`select indexdef from pg_indexes
                  where indexname = ${WORDS_CELLS}`.execute(db)
              ).rows.map((r) => r.indexdef)
            : (
                await sql<{ name: string }>`select name from sqlite_master
                  where type = 'index' and name = ${WORDS_CELLS}`.execute(db)
              ).rows.map((r) => r.name);
        if (dialect === 'sqlite') {
          expect(await definition()).toEqual([]);
          return;
        }
        expect(await definition()).toEqual([
          expect.stringMatching(
            /USING gin \(search_vector, \(ARRAY\[.*floor\(\(\(latitude \+ \(90\)::double precision\) \/ \(0\.005\)::double precision\)\).*\(1\.28\)::double precision.*\]\)\) WHERE \(moderation_status = 'visible'::text\)$/,
          ),
        ]);
        const migration = searchWordsCells(dialect);
        await db.transaction().execute((trx) => migration.down!(trx));
        expect(await definition()).toEqual([]);
        await db.transaction().execute((trx) => migration.up(trx));
        expect(await definition()).toHaveLength(1);
      });
    }, 60_000);
  }
});
