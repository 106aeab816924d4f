import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { PLACE_GIST, searchPlaceGist } from './041-search-place-gist';

// Migration 041 (PostgreSQL): a GiST index on the listed products' place as a point; down drops
// it, up makes it again. SQLite: nothing (its distance box stays on the btree indexes).

describe('migration 041-search-place-gist', () => {
  for (const engine of engines) {
    it(`indexes the listed products' place as a point, and down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        const definition = async () =>
          dialect === 'postgres'
            ? (
                await sql<{ indexdef: string }>`select indexdef from pg_indexes
                  where indexname = ${PLACE_GIST}`.execute(db)
              ).rows.map((r) => r.indexdef)
            : (
                await sql<{ name: string }>`select name from sqlite_master
                  where type = 'index' and name = ${PLACE_GIST}`.execute(db)
              ).rows.map((r) => r.name);
        if (dialect === 'sqlite') {
          expect(await definition()).toEqual([]);
          return;
        }
        expect(await definition()).toEqual([
          expect.stringMatching(
            /USING gist \(point\(longitude, latitude\)\) WHERE \(moderation_status = 'visible'::text\)$/,
          ),
        ]);
        const migration = searchPlaceGist(dialect);
        await db.transaction().execute((trx) => migration.down!(trx));
        expect(await definition()).toEqual([]);
        await db.transaction().execute((trx) => migration.up(trx));
        expect(await definition()).toHaveLength(1);
      });
    }, 60_000);
  }
});
