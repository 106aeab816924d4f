import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 32 items 1-3 (docs/lifecycle.md): an offer or demand is live until `expires_at` (ISO text
// like every date here, so that text order is time order); `bumped_at` is its last bump (the
// "newest" order reads coalesce(bumped_at, created_at)); `sold_at` when it was marked sold;
// `expiry_notice_for` the expires_at its `listing_expiring` notice was sent for (a renewal moves
// expires_at, and the next period gets its own notice). `sold_at` is set when a sale ends the
// listing (shared/domain/listing.ts), not when a non-countable offer's command is accepted. Bumps are counted in the shop's insights
// (`product_daily_stats.bump_count`).
//
// Existing rows get created_at + 60 days (LISTING_DAYS' default), but never less than a week from
// now: nothing disappears on the day of the upgrade without its owner being told first. Countable
// products already sold out get sold_at = updated_at.

/** The backfill's period: LISTING_DAYS' default (a different setting applies from the next renewal). */
const BACKFILL_DAYS = 60;
const FLOOR_DAYS = 7;

/* eslint-disable @typescript-eslint/no-explicit-any */
export function listingLifecycle(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['expires_at', 'bumped_at', 'sold_at', 'expiry_notice_for']) {
        await db.schema.alterTable('products').addColumn(column, 'text').execute();
      }
      const plusDays =
        dialect === 'postgres'
          ? sql`to_char((created_at::timestamptz + interval '${sql.raw(String(BACKFILL_DAYS))} days')
              at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+${sql.raw(String(BACKFILL_DAYS))} days')`;
      await db.updateTable('products').set({ expires_at: plusDays }).execute();
      const floor = new Date(Date.now() + FLOOR_DAYS * 86_400_000).toISOString();
      await db
        .updateTable('products')
        .set({ expires_at: floor })
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '<', floor)]))
        .execute();
      await db
        .updateTable('products')
        .set({ sold_at: sql`updated_at` })
        .where('sold', '=', 1)
        .whereRef('sold_count', '>=', 'number')
        .where(
          'psubcategory_id',
          'in',
          db.selectFrom('psubcategories').select('id').where('can_be_counted', '=', 'yes'),
        )
        .execute();
      // Housekeeping's notices and purges read ranges of expires_at; the owners' list and the
      // "newest" order of lists outside search read the bump.
      await db.schema.createIndex('products_expires').on('products').column('expires_at').execute();
      await db.schema
        .alterTable('product_daily_stats')
        .addColumn('bump_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('product_daily_stats').dropColumn('bump_count').execute();
      await db.schema.dropIndex('products_expires').execute();
      for (const column of ['expiry_notice_for', 'sold_at', 'bumped_at', 'expires_at']) {
        await db.schema.alterTable('products').dropColumn(column).execute();
      }
    },
  };
}
