import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 32 items 6 and 7.
//
// - Rentals come back (docs/decisions.md): a rent command carries the start it asks for
//   (`starts_at`, null: its acceptance) and, once accepted, the end of its period (`ends_at`);
//   only accepted rents have an end. A rent offer's free units are read from the rents still
//   running: `commands_rent_holds` finds them by product and end.
// - Price hints (docs/price-hints.md): one index read per hint. `products_price_hint` holds, for
//   the offers a hint counts (listed, unsold, priced: the literals the query writes, as a partial
//   index needs them), the subcategory, type, offer type and date it is found by and the price
//   and place it reads, so that the hint reads index entries only.

export const PRICE_HINT_ROWS = `moderation_status = 'visible' and sold = 0 and price is not null`;

/* eslint-disable @typescript-eslint/no-explicit-any */
export function rentalsPriceHints(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('commands').addColumn('starts_at', 'text').execute();
      await db.schema.alterTable('commands').addColumn('ends_at', 'text').execute();
      await sql`create index commands_rent_holds on commands (product_id, ends_at)
        where ends_at is not null`.execute(db);
      // `type` leads with the subcategory (three equalities and a range: SQLite, without
      // statistics, prefers it to the search's subcategory index); SQLite reads an index alone
      // only when it holds the columns of its own condition too.
      const keys = 'psubcategory_id, type, offer_type, created_at';
      // expires_at: a hint counts live offers only, tested on every read (migration 025).
      const extra = 'price, latitude, longitude, expires_at, moderation_status, sold';
      const columns =
        dialect === 'postgres' ? `(${keys}) include (${extra})` : `(${keys}, ${extra})`;
      await sql
        .raw(`create index products_price_hint on products ${columns} where ${PRICE_HINT_ROWS}`)
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_price_hint').execute();
      await db.schema.dropIndex('commands_rent_holds').execute();
      await db.schema.alterTable('commands').dropColumn('ends_at').execute();
      await db.schema.alterTable('commands').dropColumn('starts_at').execute();
    },
  };
}
