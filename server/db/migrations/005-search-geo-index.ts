import type { Kysely, Migration } from 'kysely';

// A distance search within a subcategory (cars within 2 km, phones around Kiffa) walks this
// index: the subcategory's products in a latitude band, their longitude read from the index too,
// so that only the products inside the box are read (docs/search.md, Benchmark).

/* eslint-disable @typescript-eslint/no-explicit-any */
export const searchGeoIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('products_search_subcategory_geo')
      .on('products')
      .columns(['psubcategory_id', 'type', 'latitude', 'longitude'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('products_search_subcategory_geo').execute();
  },
};
