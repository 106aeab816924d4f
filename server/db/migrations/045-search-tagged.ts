import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { LISTED } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 30, PostgreSQL (docs/search.md, "PostgreSQL: the columns inside the text index (session
// 25)"). A tier asks for words in some columns (search-words.ts: `voiture:A`, as written;
// `voitur:B`, among the stems), which search_vector tells by weights; its GIN index keeps no
// weights, so every candidate's row was read and tested (voiture within 50 km of Nouakchott at
// 1,000,000: voiture's 28,139 products in any column for 7,684 as written). Here a second GIN
// index holds each lexeme with its column as a letter before it (`avoiture`, `bvoitur`,
// `cvoiture`), an expression of search_vector (no column, no trigger, no row written): a tier's
// query without weights (taggedQuery) is answered by the index alone. Only listed products, as
// the other search indexes. SQLite: nothing (FTS5 has its columns).

/** The index's name. */
export const TAGGED_INDEX = 'products_search_tagged';

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchTagged(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      // Each position's weight (A, B, C) as the lexeme's first letter, once. `cost`: a plan that
      // would test it on each row of a walk (the index is what it is for) costs it as it is.
      await sql`create function search_tagged(v tsvector) returns tsvector
        language sql immutable strict parallel safe cost 1
        as $$ select coalesce(array_to_tsvector(array_agg(distinct lower(w) || u.lexeme)),
          ''::tsvector) from unnest(v) u, unnest(u.weights) w $$`.execute(db);
      // About 2 minutes at 1,000,000 products. (Not `concurrently`: the migrations run in one
      // transaction.)
      await forLargeTable(db, dialect, '256MB');
      await sql
        .raw(
          `create index ${TAGGED_INDEX} on products
            using gin (search_tagged(search_vector)) where ${LISTED}`,
        )
        .execute(db);
      // The plan reads the tagged lexemes' shares from the expression's statistics (search-plan.ts).
      await sql`analyze products`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql.raw(`drop index if exists ${TAGGED_INDEX}`).execute(db);
      await sql`drop function if exists search_tagged(tsvector)`.execute(db);
    },
  };
}
