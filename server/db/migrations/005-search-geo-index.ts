import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// A distance search within a subcategory (cars within 2 km, phones around Kiffa) walks this
// index: the subcategory's products in a latitude band, their longitude read from the index too,
// so that only the products inside the box are read (docs/search.md, Benchmark).

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchGeoIndex(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('products_search_subcategory_geo')
        .on('products')
        .columns(['psubcategory_id', 'type', 'latitude', 'longitude'])
        .execute();
      // SQLite: without statistics of its own, the planner takes the new index for a very
      // selective one and prefers it to products_search_subcategory even for newest-first lists,
      // which it then has to sort.
      if (dialect === 'sqlite') await sql`analyze products_search_subcategory_geo`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_search_subcategory_geo').execute();
    },
  };
}
