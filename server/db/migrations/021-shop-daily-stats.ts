import type { Kysely, Migration } from 'kysely';

// Issue 29 item 2 (docs/insights.md): the numbers of a shop's page and of its owner's profile are
// given on tap (GET /shops/{id}/phone, GET /users/{id}/phone); those taps belong to no offer, so
// they are counted per shop and UTC day here, and the insights add them to the day's phone reveals.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const shopDailyStats: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('shop_daily_stats')
      .addColumn('shop_id', 'integer', (c) =>
        c.notNull().references('shops.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('phone_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('shop_daily_stats_pk', ['shop_id', 'day'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('shop_daily_stats').execute();
  },
};
