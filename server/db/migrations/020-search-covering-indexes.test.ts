import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { PFIELD_NUMBER } from './020-search-covering-indexes';
import { PLACE_GIST } from './041-search-place-gist';

// Migration 020: the number a field value holds, as its index computes it, is the value's
// number for number text and nothing for any other text, on both engines; and the search's
// range over it is answered from that index.

const VALUES: [string, number | null][] = [
  ['2015', 2015],
  ['1.5', 1.5],
  ['-3', -3],
  ['1e3', 1000],
  ['abc', null],
  ['', null],
  ['12 km', null],
  ['["gps"]', null],
];

describe('migration 020-search-covering-indexes', () => {
  for (const engine of engines) {
    it(`indexes the number of each field value, none for other text [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect }) => {
        await migrateToLatest(db, dialect);
        const expr = sql.raw(PFIELD_NUMBER[dialect]);
        const { rows } = await sql<{ value: string; n: number | null }>`select value, ${expr} as n
          from (${sql.join(
            VALUES.map(([v]) => sql`select ${v} as value`),
            sql` union all `,
          )}) v`.execute(db);
        const got = new Map(rows.map((r) => [r.value, r.n === null ? null : Number(r.n)]));
        for (const [value, n] of VALUES) expect(got.get(value), value).toBe(n);
        if (dialect === 'sqlite') {
          const plan = await sql<{ detail: string }>`explain query plan
            select product_id from product_pfield where pfield_id = 1
            and ${expr} >= 2010 and ${expr} <= 2020`.execute(db);
          expect(plan.rows.map((r) => r.detail).join('\n')).toContain('product_pfield_number');
        }
        const indexes =
          dialect === 'sqlite'
            ? await sql<{ name: string }>`select name from sqlite_master
                where type = 'index' and name like 'products_listed_%'`.execute(db)
            : await sql<{ name: string }>`select indexname as name from pg_indexes
                where indexname like 'products_listed_%'`.execute(db);
        // Migration 041 adds one of the same prefix on PostgreSQL (the place's GiST index).
        const mine = indexes.rows.map((r) => r.name).filter((name) => name !== PLACE_GIST);
        expect(mine.sort()).toEqual([
          'products_listed_place',
          'products_listed_subcategory',
          'products_listed_subcategory_place',
          'products_listed_type',
        ]);
      });
    }, 60_000);
  }
});
