import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { PFIELD_NUMBER } from './020-search-covering-indexes';

// Issue 30, SQLite (docs/search.md, "SQLite at 1,000,000, session 16"). A field value
// held by few products leads its search (search-plan.ts `leadingPfield`): its products' ids are
// read from product_pfield_value (001) or product_pfield_number (020), which held the value but
// not the product, so each of the value's rows was read from the table too (2,564 rows for
// "rooms = 3" at 1,000,000 products). Both indexes now end with product_id: the list comes from
// the index alone. And a value tested on the products a walk reaches (`exists`, by the primary
// key (product_id, pfield_id)) read the row for the value: product_pfield_product_value holds it
// (a car's make and year on the newest cars: 57 → 36 ms). Only indexes are made (no product row
// is written: no trigger fires). PostgreSQL keeps its indexes (not measured there with these).

/** name: its columns before this migration; product_id comes after them from now on. */
const INDEXES: Record<string, (dialect: Dialect) => string> = {
  product_pfield_value: () => 'pfield_id, value',
  product_pfield_number: (dialect) => `pfield_id, ${PFIELD_NUMBER[dialect]}`,
};

const BY_PRODUCT = 'product_pfield_product_value';

/* eslint-disable @typescript-eslint/no-explicit-any */
async function rebuild(db: Kysely<any>, dialect: Dialect, up: boolean) {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    const list = up ? `${columns(dialect)}, product_id` : columns(dialect);
    await sql.raw(`create index ${name} on product_pfield (${list})`).execute(db);
    await sql.raw(`analyze ${name}`).execute(db);
  }
  await sql.raw(`drop index if exists ${BY_PRODUCT}`).execute(db);
  if (up) {
    await sql
      .raw(`create index ${BY_PRODUCT} on product_pfield (product_id, pfield_id, value)`)
      .execute(db);
    await sql.raw(`analyze ${BY_PRODUCT}`).execute(db);
  }
}

export function searchPfieldCovering(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, dialect, true);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, dialect, false);
    },
  };
}
