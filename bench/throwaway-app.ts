import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import { connect } from '../server/db/connect';
import type { DB, Dialect } from '../server/db/types';
import { createDatabaseOn } from '../server/test/postgres-database';

// The app on a new, empty database for one bench run, dropped after: PostgreSQL when
// TEST_DATABASE_URL names a server (a database souq_bench_<random> on it), else SQLite in a new
// data dir. For the seeded databases kept between runs, see search-data.ts.

export interface ThrowawayApp {
  app: FastifyInstance;
  config: Config;
  db: DB;
  dialect: Dialect;
}

/** Runs `work` on the app over a throwaway database; `env` adds to the bench's configuration. */
export async function withThrowawayApp(
  env: Record<string, string>,
  work: (bench: ThrowawayApp) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const base = process.env.TEST_DATABASE_URL;
  const postgres = base ? await createDatabaseOn(base, 'souq_bench') : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const connection = connect(config);
  const app = await buildApp(config, { connection, logger: false });
  try {
    await work({ app, config, db: connection.db, dialect: connection.dialect });
  } finally {
    await app.close();
    await connection.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A query of one column `i`: 1, 2, … `count`, to write rows by INSERT … SELECT. */
export function numbersUpTo(dialect: Dialect, count: number) {
  return dialect === 'postgres'
    ? sql<{ i: number }>`select i from generate_series(1, ${count}) as i`
    : sql<{
        i: number;
      }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
        select i from n`;
}

/**
 * Writes `count` products by one INSERT … SELECT, with the products' triggers dropped first (a
 * throwaway database is never searched): every third a demand, the rest offers, spread in turn
 * over the shops `firstShopId` … `firstShopId + shops - 1`; one in `hiddenEvery` hidden (0: none).
 */
export async function insertProducts(
  db: DB,
  dialect: Dialect,
  options: {
    count: number;
    firstShopId: number;
    shops?: number;
    psubcategoryId: number;
    hiddenEvery?: number;
  },
): Promise<void> {
  const { count, firstShopId, shops = 1, psubcategoryId, hiddenEvery = 0 } = options;
  const at = new Date().toISOString();
  // Live for the default 60 days (issue 32): a product without expires_at is ended, and every
  // list and sitemap would skip it.
  const expires = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const triggers =
    dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select tgname as name from pg_trigger
            where tgrelid = 'products'::regclass and not tgisinternal`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master
            where type = 'trigger' and tbl_name = 'products'`.execute(db)
        ).rows;
  for (const t of triggers)
    await (
      dialect === 'postgres'
        ? sql`drop trigger ${sql.id(t.name)} on products`
        : sql`drop trigger ${sql.id(t.name)}`
    ).execute(db);
  const hidden = hiddenEvery > 0 ? sql`i % ${hiddenEvery} = 0` : sql`1 = 0`;
  await sql`insert into products (type, shop_id, psubcategory_id, name, offer_type,
      created_at, updated_at, expires_at, moderation_status)
    select case when i % 3 = 0 then 'demand' else 'offer' end, ${firstShopId} + i % ${shops},
      ${psubcategoryId}, 'Product ' || i, 'sale', ${at}, ${at}, ${expires},
      case when ${hidden} then 'hidden' else 'visible' end
    from (${numbersUpTo(dialect, count)}) as numbers`.execute(db);
}

/** The median time in ms of `runs` GETs of `url` through inject, after `warmup` unmeasured ones. */
export async function injectMedian(app: FastifyInstance, url: string, runs: number, warmup = 1) {
  let res = await app.inject({ method: 'GET', url });
  for (let i = 1; i < warmup; i++) res = await app.inject({ method: 'GET', url });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    res = await app.inject({ method: 'GET', url });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], res };
}
