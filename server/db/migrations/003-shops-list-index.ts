import type { Kysely, Migration } from 'kysely';

// GET /shops/paginate/all/0 orders by is_professional, created_at and id, all descending: this
// index hands the rows over in that order (read backwards), so a page no longer sorts every shop
// first, and the offset skips index entries instead of built rows (docs/shops-users.md, figures).

/* eslint-disable @typescript-eslint/no-explicit-any */
export const shopsListIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('shops_list')
      .on('shops')
      .columns(['is_professional', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('shops_list').execute();
  },
};
