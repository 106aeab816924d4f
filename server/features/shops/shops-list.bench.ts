import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connect } from '../../db/connect';
import type { DB } from '../../db/types';
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

async function seed(db: DB) {
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
    const ids = (await trx.selectFrom('shops').select('id').execute()).map((r) => r.id);
    for (let i = 0; i < PRODUCTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, PRODUCTS - i) }, (_, j) => {
        const at = new Date(start + (i + j) * 30_000).toISOString();
        return {
          type: (i + j) % 3 === 0 ? ('demand' as const) : ('offer' as const),
          shop_id: ids[(i + j) % ids.length],
          psubcategory_id: sub.id,
          name: `Product ${i + j}`,
          offer_type: 'sale' as const,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto('products').values(rows).execute();
    }
  });
}

async function pgDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `souq_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const postgres = await pgDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const connection = connect(config);
  const app = await buildApp(config, { connection, logger: false });
  const { db, dialect } = connection;
  try {
    await seed(db);
    const analyze = () => sql`analyze`.execute(db);
    const measure = async (label: string) => {
      await analyze();
      for (const page of PAGES) {
        const url = `/shops/paginate/all/0?page=${page}`;
        for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url });
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = process.hrtime.bigint();
          const res = await app.inject({ method: 'GET', url });
          times.push(Number(process.hrtime.bigint() - t) / 1e6);
          if (res.statusCode !== 200) throw new Error(res.body);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)];
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
  } finally {
    await app.close();
    await connection.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
