import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { PFIELD_NUMBER } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 30, PostgreSQL (docs/search.md, "PostgreSQL: the search vector kept in the row, and field
// values from their indexes alone (session 23)"): migration 040's indexes, which SQLite has had
// since session 16. A field value's products were read from product_pfield_value (pfield_id,
// value), which does not hold the product, so each of the value's rows was read from the table
// (Toyota's 6,643: 5,276 buffers); and a value tested on the products a walk reaches read its row
// by the primary key's index (the model year of 5,676 cars: 20,953 buffers). Each index now holds
// what the search reads: the product (and the value, for the number index: an index-only scan needs
// the expression's column), and product_pfield_product_value a product's value of a field. Only
// indexes are made.

const BY_PRODUCT = 'product_pfield_product_value';

/** name: its definition before this migration, and after it. */
const INDEXES: Record<string, { before: string; after: string }> = {
  product_pfield_value: {
    before: '(pfield_id, value)',
    after: '(pfield_id, value) include (product_id)',
  },
  product_pfield_number: {
    before: `(pfield_id, ${PFIELD_NUMBER.postgres})`,
    after: `(pfield_id, ${PFIELD_NUMBER.postgres}) include (value, product_id)`,
  },
};

/* eslint-disable @typescript-eslint/no-explicit-any */
async function rebuild(db: Kysely<any>, up: boolean) {
  await forLargeTable(db, 'postgres', '256MB');
  for (const [name, { before, after }] of Object.entries(INDEXES)) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on product_pfield ${up ? after : before}`).execute(db);
  }
  await sql.raw(`drop index if exists ${BY_PRODUCT}`).execute(db);
  if (up) {
    await sql
      .raw(`create index ${BY_PRODUCT} on product_pfield (product_id, pfield_id) include (value)`)
      .execute(db);
  }
  await sql`analyze product_pfield`.execute(db);
}

export function searchPfieldCoveringPg(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await rebuild(db, true);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await rebuild(db, false);
    },
  };
}
