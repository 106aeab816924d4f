import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { LISTED } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 30 item 3, PostgreSQL (docs/search.md, "PostgreSQL: RUM and one read"): an index that
// gives a word's matches newest first. The GIN index (009) answers which products hold a word,
// in no useful order: a common word's newest 1,001 were found by walking the primary key and
// testing each row's text, or by reading every match and sorting them. RUM (Debian's
// postgresql-15-rum) keeps each product's id next to it in the word's postings, ordered by id
// (`order_by_attach`), so that `order by id <=| <largest id>` gives the matches newest first
// from the index alone; only the rows given are read from the table (docs/search.md: RUM 1.3
// still reads and sorts all of a word's postings, so it pays for middling words only).
//
// Optional: the extension is created only where it is installed and the migration's role may
// create it (a superuser; once created, any role can use it). Otherwise nothing is done and the
// search keeps the GIN path (search-plan.ts detects the index). SQLite: nothing.

/** The index's name, which the search looks for (search-plan.ts). */
export const RUM_INDEX = 'products_search_rum';

/* eslint-disable @typescript-eslint/no-explicit-any */
async function rumReady(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean; available: boolean; superuser: boolean }>`select
      exists (select 1 from pg_extension where extname = 'rum') as installed,
      exists (select 1 from pg_available_extensions where name = 'rum') as available,
      (select rolsuper from pg_roles where rolname = current_user) as superuser`.execute(db);
  const { installed, available, superuser } = rows[0];
  if (installed) return true;
  // (Trying and failing would abort the migrations' transaction: asked first.)
  if (!available || !superuser) return false;
  await sql`create extension rum`.execute(db);
  return true;
}

export function searchRum(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres' || !(await rumReady(db))) return;
      await forLargeTable(db, dialect, '256MB');
      // Only listed products, as the other search indexes (the search's literal condition).
      await sql
        .raw(
          `create index ${RUM_INDEX} on products
            using rum (search_vector rum_tsvector_addon_ops, id)
            with (attach = 'id', to = 'search_vector', order_by_attach = 't')
            where ${LISTED}`,
        )
        .execute(db);
    },
    // (The extension stays: other databases of the cluster may use it.)
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(`drop index if exists ${RUM_INDEX}`).execute(db);
    },
  };
}
