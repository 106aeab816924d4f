import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { LISTED } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 30 item 4, PostgreSQL (docs/search.md, "PostgreSQL: the distance box from a spatial
// index (session 20)"). A distance search's box was read from the btree indexes on (…, latitude,
// longitude): a range of latitude, every entry of that band read and its longitude tested (50
// km around Nouakchott + voiture at 1,000,000: the last radius's bitmap of 237,997 entries,
// 87–111 ms). A GiST index on the product's place as a built-in `point` (no extension: Debian's
// plain postgresql-15 has it) walks a two-dimensional tree: only the entries inside the boxes
// asked are reached, so that a radius of nearest first read after another leaves out the square
// inside the one before (search-geo.ts `placeInBox`). Only listed products, as the other search
// indexes. Only an index: no product row is written. SQLite: nothing (its R*Tree would be a
// virtual table kept by triggers; its btree box stays).

/** The index's name. */
export const PLACE_GIST = 'products_listed_place_gist';

/**
 * The indexed expression: the search's condition must write it so for the index to serve
 * (x the longitude, y the latitude, in degrees).
 */
export const PLACE_POINT = 'point(longitude, latitude)';

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchPlaceGist(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      // (Not `concurrently`: the migrations run in one transaction.)
      await forLargeTable(db, dialect, '256MB');
      await sql
        .raw(`create index ${PLACE_GIST} on products using gist (${PLACE_POINT}) where ${LISTED}`)
        .execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(`drop index if exists ${PLACE_GIST}`).execute(db);
    },
  };
}
