import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { forLargeTable } from './large-table';

// Issue 17 item 8, searches at 1,000,000 products (docs/search.md, "Speed at 1,000,000
// products"). Only indexes: no column is added and no product row is written, so the text
// index and vocabulary triggers never fire and an existing large database upgrades in the time
// of building them.
//
// - Covering, partial indexes for the lists a search walks (newest offers, a subcategory's, a
//   place's): only listed products (`moderation_status = 'visible'`, as the search asks it,
//   with the literal), with the columns the filters test (price, flags, offer type, place). A
//   search without words then reads index entries only, not the product rows (wide ones: names,
//   texts, the search columns), until the page's cards.
// - The number a field value holds (`PFIELD_NUMBER`), indexed with its field: a range of model
//   years or mileages is found in that index instead of by testing every product's values.

/**
 * The number a field value holds (null when its text is not a number), as the search compares
 * it: the index and the search's range must use this very expression for the index to serve.
 */
export const PFIELD_NUMBER: Record<Dialect, string> = {
  postgres: `(case when value ~ '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' then value::double precision end)`,
  sqlite: `(case when value <> '' and value not glob '*[^0-9.eE+-]*' then cast(value as real) end)`,
};

/** A listed product, as the search's condition writes it (a partial index needs the literal). */
export const LISTED = `moderation_status = 'visible'`;

const FILTERS = ['price', 'negotiable', 'used', 'delivery', 'offer_type'];

/** name: [key columns, extra columns] (PostgreSQL keeps the extra ones as INCLUDE). */
export const COVERING: Record<string, [string[], string[]]> = {
  products_listed_type: [['type', 'id'], FILTERS],
  products_listed_subcategory: [['psubcategory_id', 'type', 'id'], FILTERS],
  products_listed_place: [
    ['type', 'latitude', 'longitude'],
    ['id', ...FILTERS],
  ],
  products_listed_subcategory_place: [
    ['psubcategory_id', 'type', 'latitude', 'longitude'],
    ['id', ...FILTERS],
  ],
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchCoveringIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await forLargeTable(db, dialect, '128MB');
      for (const [name, [keys, extra]] of Object.entries(COVERING)) {
        const columns =
          dialect === 'postgres'
            ? `(${keys.join(', ')}) include (${extra.join(', ')})`
            : `(${[...keys, ...extra].join(', ')})`;
        await sql.raw(`create index ${name} on products ${columns} where ${LISTED}`).execute(db);
      }
      await sql
        .raw(
          `create index product_pfield_number on product_pfield (pfield_id, ${PFIELD_NUMBER[dialect]})`,
        )
        .execute(db);
      // Statistics at once, so that the planners weigh the new indexes rightly (005: without
      // them SQLite took a new index for a very selective one).
      if (dialect === 'sqlite') {
        for (const name of [...Object.keys(COVERING), 'product_pfield_number']) {
          await sql.raw(`analyze ${name}`).execute(db);
        }
      } else {
        await sql`analyze products`.execute(db);
        await sql`analyze product_pfield`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const name of [...Object.keys(COVERING), 'product_pfield_number']) {
        await sql.raw(`drop index if exists ${name}`).execute(db);
      }
    },
  };
}
