import type { Kysely, Migration } from 'kysely';

// Issue 19 items 5 and 6 (docs/insights.md):
// - `product_daily_stats`: per offer and per UTC day, how many views (one per visitor), phone
//   reveals, call, WhatsApp and share taps. One row per (product, day), bumped by an upsert.
// - `product_view_marks`: the day's "this visitor already viewed this offer" marks, each a keyed
//   hash (HMAC of the session cookie under a random salt of the day, kept in `settings`); the
//   salt and the marks of past days are deleted by the housekeeping timer, so who viewed what
//   cannot be told afterwards, and during the day not without the visitor's own cookie.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const productInsights: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('product_daily_stats')
      .addColumn('product_id', 'integer', (c) =>
        c.notNull().references('products.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('phone_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('call_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('whatsapp_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('product_daily_stats_pk', ['product_id', 'day'])
      .execute();
    await db.schema
      .createTable('product_view_marks')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('mark', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_view_marks_pk', ['day', 'mark'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('product_view_marks').execute();
    await db.schema.dropTable('product_daily_stats').execute();
  },
};
