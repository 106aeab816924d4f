import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { LISTED } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 30, PostgreSQL (docs/search.md, "PostgreSQL: words and place in one index read (session
// 21)"). Words within a distance read the words' candidates from the text index and the place's
// box from another (the btree's latitude band, or migration 041's GiST), ANDed as bitmaps: the box
// holds every product of the place (50 km around Nouakchott + voiture at 1,000,000: 154,663
// entries for 724 rows kept in the last radius). Here one GIN index holds both: the search vector,
// and the product's place as the grid cells holding it, one a size (PLACE_CELL_SIZES); a search
// asks for the words and the cells meeting its circle (search-geo.ts `placeCells`), and GIN
// intersects their postings inside one scan. Built-in only (GIN's array_ops on bigint[]: no
// extension, no column, no trigger: the cells are an expression of latitude and longitude). Only
// listed products, as the other search indexes. SQLite: nothing.

/** The index's name. */
export const WORDS_CELLS = 'products_search_words_cells';

/** The cells' sides, in degrees (0.005° of latitude: 556 m), finest first; a cell's level is its index. */
export const PLACE_CELL_SIZES = [0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28];

/** A cell's number: its level, its row (from 90° S) and its column (from 180° W). */
export const LEVEL_SPAN = 2 ** 40;
export const ROW_SPAN = 2 ** 20;

/**
 * The indexed expression (the search's condition must write it so for the index to serve, its
 * columns qualified by `table`): the cells holding the place, one a size. The same arithmetic in
 * JS gives the same cells (IEEE doubles, search-geo.ts `placeCells`).
 */
export const placeCellsExpr = (table = '') =>
  `(array[${PLACE_CELL_SIZES.map(
    (size, level) =>
      `${level}::bigint * ${LEVEL_SPAN} + floor((${table}latitude + 90::float8) / ${size}::float8)::bigint * ${ROW_SPAN} + floor((${table}longitude + 180::float8) / ${size}::float8)::bigint`,
  ).join(', ')}])`;

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchWordsCells(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      // (Not `concurrently`: the migrations run in one transaction.)
      await forLargeTable(db, dialect, '256MB');
      await sql
        .raw(
          `create index ${WORDS_CELLS} on products
            using gin (search_vector, ${placeCellsExpr()}) where ${LISTED}`,
        )
        .execute(db);
      // The planner estimates the cells from the index expression's statistics, which only an
      // analyze gathers (2 s at 1,000,000): without them it took a read of the words and cells
      // for 50 times its rows.
      await sql`analyze products`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(`drop index if exists ${WORDS_CELLS}`).execute(db);
    },
  };
}
