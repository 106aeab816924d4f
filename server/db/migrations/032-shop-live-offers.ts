import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 35 item 11: the shops list puts shops with a live offer first, asking of each shop
// whether one of its offers is live (liveProduct: visible, not past expires_at, not sold long
// ago). With only (shop_id, type, id) and (expires_at) to choose from, SQLite's planner walked
// every live product for each shop; this index answers "this shop's offers ending after now" in
// one probe on both engines.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function shopLiveOffers(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('products_shop_live')
        .on('products')
        .columns(['shop_id', 'type', 'expires_at'])
        .execute();
      await sql
        .raw(dialect === 'sqlite' ? 'analyze products_shop_live' : 'analyze products')
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_shop_live').execute();
    },
  };
}
