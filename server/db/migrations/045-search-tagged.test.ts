import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { searchTagged, TAGGED_INDEX } from './045-search-tagged';

// Migration 045 (PostgreSQL): each lexeme of a search vector once per column it is in, the
// column's weight as a lower-case letter before it, and a GIN index of that over the listed
// products; down drops both, up makes them again. SQLite: nothing.

describe('migration 045-search-tagged', () => {
  for (const engine of engines) {
    it(`tags each lexeme with its columns and indexes them, and down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        const index = async () =>
          dialect === 'postgres'
            ? (
                await sql<{ indexdef: string }>`select indexdef from pg_indexes
                  where indexname = ${TAGGED_INDEX}`.execute(db)
              ).rows.map((r) => r.indexdef)
            : (
                await sql<{ name: string }>`select name from sqlite_master
                  where name = ${TAGGED_INDEX}`.execute(db)
              ).rows.map((r) => r.name);
        if (dialect === 'sqlite') {
          expect(await index()).toEqual([]);
          return;
        }
        expect(await index()).toEqual([
          expect.stringMatching(
            /USING gin \(search_tagged\(search_vector\)\) WHERE \(moderation_status = 'visible'::text\)$/,
          ),
        ]);
        const { rows } = await sql<{ tagged: string; empty: string }>`select
            search_tagged(setweight(to_tsvector('simple', 'Voiture propre voiture'), 'A')
              || setweight(to_tsvector('simple', 'voitur propr'), 'B')
              || setweight(to_tsvector('simple', 'voitur سيارة'), 'C'))::text as tagged,
            search_tagged(''::tsvector)::text as empty`.execute(db);
        expect(rows[0]).toEqual({
          tagged: `'apropre' 'avoiture' 'bpropr' 'bvoitur' 'cvoitur' 'cسيارة'`,
          empty: '',
        });
        const migration = searchTagged(dialect);
        await db.transaction().execute((trx) => migration.down!(trx));
        expect(await index()).toEqual([]);
        const fn = await sql`select 1 from pg_proc where proname = 'search_tagged'`.execute(db);
        expect(fn.rows).toEqual([]);
        await db.transaction().execute((trx) => migration.up(trx));
        expect(await index()).toHaveLength(1);
      });
    }, 60_000);
  }
});
