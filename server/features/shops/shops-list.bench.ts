import { CompiledQuery, sql } from 'kysely';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { injectMedian, insertProducts, withThrowawayApp } from '../../../bench/throwaway-app';
import type { DB, Dialect } from '../../db/types';
import { createSubcategory } from '../../test/fixtures';
import { listShopsQuery } from './shops.repository';

// Deep pages of GET /shops/paginate/all/0 with and without the index of migration
// 003-shops-list-index, on 10,000 shops (a tenth professional) and 20,000 products.
//   npx tsx server/features/shops/shops-list.bench.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx server/features/shops/shops-list.bench.ts
// Figures are medians of RUNS requests through inject (one process, no network).

const SHOPS = 10_000;
const PRODUCTS = 20_000;
const RUNS = 30;
const PAGES = [1, 400];

async function seed(db: DB, dialect: Dialect) {
  const sub = await createSubcategory(db);
  const start = Date.parse('2025-01-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < SHOPS; i += 500) {
      const rows = Array.from({ length: Math.min(500, SHOPS - i) }, (_, j) => {
        const at = new Date(start + (i + j) * 60_000).toISOString();
        return {
          name: `Shop ${i + j}`,
          is_professional: (i + j) % 10 === 0 ? 1 : 0,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto('shops').values(rows).execute();
    }
  });
  const first = await db
    .selectFrom('shops')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirstOrThrow();
  await insertProducts(db, dialect, {
    count: PRODUCTS,
    firstShopId: Number(first.id),
    shops: SHOPS,
    psubcategoryId: sub.id,
  });
}

async function main() {
  await withThrowawayApp({}, async ({ app, db, dialect }) => {
    await seed(db, dialect);
    const analyze = () => sql`analyze`.execute(db);
    const measure = async (label: string) => {
      await analyze();
      for (const page of PAGES) {
        const url = `/shops/paginate/all/0?page=${page}`;
        const { median } = await injectMedian(app, url, RUNS, 5);
        console.log(`${dialect} ${label} page ${page}: median ${median.toFixed(1)} ms`);
        if (process.env.EXPLAIN) {
          const query = listShopsQuery(db, (page - 1) * LIST_PAGE_SIZE, LIST_PAGE_SIZE).compile();
          const prefix = dialect === 'postgres' ? 'explain analyze ' : 'explain query plan ';
          const plan = await db.executeQuery<Record<string, unknown>>(
            CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
          );
          for (const row of plan.rows) console.log('   ', Object.values(row).join(' '));
        }
      }
    };
    await sql`drop index shops_list`.execute(db);
    await measure('without index');
    await db.schema
      .createIndex('shops_list')
      .on('shops')
      .columns(['is_professional', 'created_at', 'id'])
      .execute();
    await measure('with index');
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
