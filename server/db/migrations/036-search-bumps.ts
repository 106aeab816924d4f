import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 32 in search (docs/search.md, "Order"): "newest" counts an offer's last bump. Search walks
// its indexes by id and merges in the matches bumped since the oldest row of the walk was
// created (server/features/search/search-bumps.repository.ts); this index finds those few bumped offers of a
// type, latest bump first, without reading the rows that were never bumped.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchBumps(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      // As 020, 031 and 032: building it on a large products table outlasts the statement timeout.
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
      await sql`create index products_bumped on products (type, bumped_at)
        where bumped_at is not null`.execute(db);
      await sql
        .raw(dialect === 'sqlite' ? 'analyze products_bumped' : 'analyze products')
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_bumped').execute();
    },
  };
}
