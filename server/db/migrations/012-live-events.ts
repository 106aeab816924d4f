import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 18 (docs/live-events.md): on PostgreSQL, writes announce themselves to every process
// through NOTIFY, sent by triggers inside the writing transaction — PostgreSQL delivers them at
// commit, and only if it commits, whichever process or tool (the CLI) wrote:
// - `souq_notification` "user_id:id" for each new notification (the live bell's streams);
// - `souq_write` with the table's name after each statement writing to a table the product cache
//   reads (server/features/products/product-cache.ts, PRODUCT_TABLES at the time of writing).
// Notifications with the same payload in one transaction are delivered once. SQLite is one
// process and needs none of this (server/events/bus.ts).

const CACHED_TABLES = [
  'products',
  'shops',
  'shop_employees',
  'users',
  'psubcategories',
  'pcategories',
  'product_files',
  'product_pfield',
  'pfields',
];

/* eslint-disable @typescript-eslint/no-explicit-any */
export function liveEvents(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function souq_notify_write() returns trigger language plpgsql as $$
        begin
          perform pg_notify('souq_write', TG_TABLE_NAME);
          return null;
        end $$`.execute(db);
      for (const table of CACHED_TABLES) {
        await sql`
          create trigger ${sql.raw(`souq_write_${table}`)}
          after insert or update or delete on ${sql.table(table)}
          for each statement execute function souq_notify_write()`.execute(db);
      }
      await sql`
        create function souq_notify_notification() returns trigger language plpgsql as $$
        begin
          perform pg_notify('souq_notification', NEW.user_id || ':' || NEW.id);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger souq_notification_inserted after insert on notifications
        for each row execute function souq_notify_notification()`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger if exists souq_notification_inserted on notifications`.execute(db);
      await sql`drop function if exists souq_notify_notification()`.execute(db);
      for (const table of CACHED_TABLES) {
        await sql`drop trigger if exists ${sql.raw(`souq_write_${table}`)} on ${sql.table(table)}`.execute(
          db,
        );
      }
      await sql`drop function if exists souq_notify_write()`.execute(db);
    },
  };
}
