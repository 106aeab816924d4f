import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { matchColumnsOf } from '../../features/searches/saved-search-criteria';

// Issue 29 item 3 (docs/searches.md): a new offer is matched against the saved searches with one
// indexed query instead of one search per saved search, and off the request.
// - saved_searches keep their filters in columns (`match_*`; `match_subcategory` and
//   `match_category` 0 when the search names none), so that one statement over the index
//   (product_type, id) of 013 tests them all for a new offer, in the order searches were saved
//   (the cap per offer keeps the oldest); the words, field values and exact distance are tested
//   in JS on the rows it leaves. (An index leading with the subcategory was not taken by
//   SQLite's planner once analysed: `in (0, x)` and the order by id read about as many rows.)
// - saved_search_queue: the new offers waiting to be matched, written in the offer's own
//   transaction (a crash after the commit loses none). A process claims a batch by setting
//   `claimed_until` (PostgreSQL: FOR UPDATE SKIP LOCKED, so two processes never take the same
//   offer); a claim whose process died is taken again once it has run out.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function savedSearchMatching(dialect: Dialect): Migration {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<any>) {
      const columns: [string, string, boolean][] = [
        ['match_subcategory', 'integer', true],
        ['match_category', 'integer', true],
        ['match_min_price', 'integer', false],
        ['match_max_price', 'integer', false],
        ['match_offer_type', 'text', false],
        ['match_negotiable', 'text', false],
        ['match_used', 'text', false],
        ['match_delivery', 'text', false],
        ['match_latitude', real, false],
        ['match_longitude', real, false],
        ['match_distance_km', real, false],
      ];
      for (const [name, type, notNull] of columns) {
        await db.schema
          .alterTable('saved_searches')
          .addColumn(name, sql.raw(type), (c) => (notNull ? c.notNull().defaultTo(0) : c))
          .execute();
      }
      // The searches saved before: their columns from their body.
      const rows = await db.selectFrom('saved_searches').select(['id', 'query']).execute();
      for (const row of rows as { id: number; query: string }[]) {
        const match = matchColumnsOf(row.query);
        if (match)
          await db.updateTable('saved_searches').set(match).where('id', '=', row.id).execute();
      }
      await db.schema
        .createTable('saved_search_queue')
        .addColumn('product_id', 'integer', (c) =>
          c.primaryKey().references('products.id').onDelete('cascade'),
        )
        .addColumn('queued_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('saved_search_queue').execute();
      for (const name of [
        'match_subcategory',
        'match_category',
        'match_min_price',
        'match_max_price',
        'match_offer_type',
        'match_negotiable',
        'match_used',
        'match_delivery',
        'match_latitude',
        'match_longitude',
        'match_distance_km',
      ]) {
        await db.schema.alterTable('saved_searches').dropColumn(name).execute();
      }
    },
  };
}
