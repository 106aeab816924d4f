import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 30 item 4, PostgreSQL (docs/search.md, "PostgreSQL: the search vector kept in the row, and
// field values from their indexes alone (session 23)"). A search tests each candidate's tier on its
// search_vector (the text index keeps no columns' weights). A product's row is about 2 kB, over
// PostgreSQL's threshold, so the toaster moved the vector (963 bytes on average at 1,000,000) out
// of the row: each candidate then cost a look-up in the TOAST table's index and its chunk's page
// besides the row's (voiture propre's first tier: 6,465 rows read, 23,667 buffers). Stored `main`,
// the vector stays in the row and the long texts (description, search text) leave it first: 7,279
// buffers for the same rows. Only the column's storage changes here, no row is written: rows stored
// before keep their vector outside until written again (`vacuum full products`, which locks the
// table while it rewrites it, or an update, moves them; docs/runbook.md §5). SQLite: nothing (FTS5
// keeps its own index).

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchVectorInline(dialect: Dialect): Migration {
  const storage = (kind: 'main' | 'extended') => async (db: Kysely<any>) => {
    if (dialect !== 'postgres') return;
    await sql
      .raw(`alter table products alter column search_vector set storage ${kind}`)
      .execute(db);
  };
  return { up: storage('main'), down: storage('extended') };
}
