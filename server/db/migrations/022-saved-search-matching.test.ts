import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { now } from '../connect';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { candidatesQuery } from '../../features/searches/searches.repository';

// Migration 022 (issue 29 item 3): the searches saved before it get their filter columns from
// their body, and a new offer's statement over the saved searches walks an index.

describe('migration 022-saved-search-matching', () => {
  for (const engine of engines) {
    it(`fills the columns of searches saved before [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect, migrator }) => {
        const before = await migrator.migrateTo('020-search-covering-indexes');
        expect(before.error).toBeUndefined();
        const at = now();
        const user = await db
          .insertInto('users')
          .values({
            first_name: 'A',
            last_name: 'B',
            phone_1: '22334455',
            email: null,
            password_hash: 'x',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const saved = (query: Record<string, unknown>) =>
          sql`insert into saved_searches (user_id, name, query, product_type, last_seen_at, created_at)
            values (${user.id}, 'n', ${JSON.stringify(query)}, 'offer', ${at}, ${at})`.execute(db);
        await saved({ type: 'offer', psubcategory_id: 7, min_price: 10, used: 'yes' });
        await saved({ type: 'offer', latitude: 18, longitude: -16, distance: 5, name: 'x' });
        await saved({ broken: true, min_price: 'many' });
        await migrateToLatest(db, dialect);
        const rows = await db
          .selectFrom('saved_searches')
          .select([
            'match_subcategory',
            'match_category',
            'match_min_price',
            'match_used',
            'match_latitude',
            'match_distance_km',
          ])
          .orderBy('id')
          .execute();
        expect(
          rows.map((r) => ({
            ...r,
            match_latitude: r.match_latitude === null ? null : Number(r.match_latitude),
            match_distance_km: r.match_distance_km === null ? null : Number(r.match_distance_km),
          })),
        ).toEqual([
          {
            match_subcategory: 7,
            match_category: 0,
            match_min_price: 10,
            match_used: 'yes',
            match_latitude: null,
            match_distance_km: null,
          },
          {
            match_subcategory: 0,
            match_category: 0,
            match_min_price: null,
            match_used: null,
            match_latitude: 18,
            match_distance_km: 5,
          },
          // A body that no longer parses keeps the defaults (and finds nothing: its words fail).
          {
            match_subcategory: 0,
            match_category: 0,
            match_min_price: null,
            match_used: null,
            match_latitude: null,
            match_distance_km: null,
          },
        ]);
        if (dialect === 'sqlite') {
          const facts = {
            type: 'offer',
            psubcategory_id: 7,
            pcategory_id: 1,
            price: 100,
            offer_type: 'sale',
            negotiable: 'no',
            used: 'yes',
            delivery: 'no',
            latitude: null,
            longitude: null,
          } as const;
          const found = await candidatesQuery(db, facts, {
            exceptUserIds: [],
            afterId: 0,
            limit: 500,
          }).execute();
          // The first filters nothing this product misses, the second needs a place; the broken
          // one keeps the defaults (its words then find nothing).
          expect(found).toHaveLength(2);
          const compiled = candidatesQuery(db, facts, {
            exceptUserIds: [99],
            afterId: 0,
            limit: 500,
          }).compile();
          const plan = await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
          );
          // Walked through an index in the order of ids: no full scan, no sort.
          const detail = plan.rows.map((r) => r.detail).join('\n');
          expect(detail).toMatch(/SEARCH saved_searches USING/);
          expect(detail).not.toMatch(/SCAN saved_searches|TEMP B-TREE/);
        }
      });
    }, 60_000);
  }
});
