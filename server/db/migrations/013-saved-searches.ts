import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 18 item 2: saved searches with alerts (docs/searches.md). `query` is the search body of
// SPEC §7 as JSON text. The alert state lives in the row so that every process shares it:
// `new_count` counts matches since the owner last opened the search (`last_seen_at`);
// `pending_count` the matches not yet told (at most one alert per search per hour), the latest
// of them `pending_product_id`; `last_alert_at` when the owner was last told.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function savedSearches(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      let table = db.schema.createTable('saved_searches');
      table =
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('product_type', 'text', (c) => c.notNull())
        .addColumn('new_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pending_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pending_product_id', 'integer', (c) =>
          c.references('products.id').onDelete('set null'),
        )
        .addColumn('last_alert_at', 'text')
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saved_searches_user')
        .on('saved_searches')
        .columns(['user_id', 'id'])
        .execute();
      // A new offer reads the searches of its type; the flush reads those with pending matches.
      await db.schema
        .createIndex('saved_searches_type')
        .on('saved_searches')
        .columns(['product_type', 'id'])
        .execute();
      await db.schema
        .createIndex('saved_searches_pending')
        .on('saved_searches')
        .columns(['pending_count', 'last_alert_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('saved_searches').execute();
    },
  };
}
