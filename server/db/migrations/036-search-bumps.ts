import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { writeSearchColumns } from './009-search-terms';

// Issue 32 in search (docs/search.md, "Order"): "newest" counts an offer's last bump. Search
// walks its indexes by id and merges in the matches bumped since the oldest row of the walk was
// created (server/features/search/search-bumps.repository.ts); this index finds those few
// bumped offers of a type, latest bump first, without reading the rows never bumped.
//
// Issue 30 (docs/search-quality.md): a word of another family inside a name ("دار" of the
// district "دار النعيم") is left out of an offer's stems only when it occurs nowhere else in its
// text ("دار للبيع في دار النعيم" keeps it). Products written before get their stems and related
// words again, as in 029 (only rows whose columns change are written).

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchBumps(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index products_bumped on products (type, bumped_at)
        where bumped_at is not null`.execute(db);
      await sql
        .raw(dialect === 'sqlite' ? 'analyze products_bumped' : 'analyze products')
        .execute(db);
      await writeSearchColumns(db);
    },
    // (The columns of the version before are not written back: the index is dropped.)
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_bumped').execute();
    },
  };
}
