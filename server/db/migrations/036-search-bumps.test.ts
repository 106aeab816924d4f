import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, withEmptyDatabase } from '../../test/harness';

// Migration 036: the index of bumped offers (type, bumped_at), which the search reads to merge
// bumps into "newest" (server/features/search/search-bumps.repository.ts); down drops it.

describe('migration 036-search-bumps', () => {
  for (const engine of engines) {
    it(`indexes bumped offers by type and bump, and drops it down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect, migrator }) => {
        const names = async () =>
          (dialect === 'sqlite'
            ? await sql<{ name: string }>`select name from sqlite_master
                where type = 'index' and name = 'products_bumped'`.execute(db)
            : await sql<{ name: string }>`select indexname as name from pg_indexes
                where indexname = 'products_bumped'`.execute(db)
          ).rows.map((r) => r.name);
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        expect(await names()).toEqual(['products_bumped']);
        if (dialect === 'sqlite') {
          const plan = await sql<{ detail: string }>`explain query plan
            select id from products where type = 'offer'
            and bumped_at >= '2026-11-01T00:00:00.000Z'`.execute(db);
          expect(plan.rows.map((r) => r.detail).join('\n')).toContain('products_bumped');
        }
        expect((await migrator.migrateTo('034-rating-announcements')).error).toBeUndefined();
        expect(await names()).toEqual([]);
      });
    }, 60_000);
  }
});
