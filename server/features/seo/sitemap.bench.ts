import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connect } from '../../db/connect';
import { createSubcategory } from '../../test/fixtures';
import { sitemapEntries, urlsetXml } from './seo.service';

// The sitemaps at a million offers and demands (one in twenty hidden), docs/seo.md:
//   npx tsx server/features/seo/sitemap.bench.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx server/features/seo/sitemap.bench.ts
// Medians of RUNS requests through inject (one process, no network). The rows are written by one
// INSERT … SELECT, with the search triggers dropped first (this throwaway database is never
// searched; the sitemap reads none of what they maintain).

const PRODUCTS = Number(process.env.PRODUCTS ?? 1_000_000);
const RUNS = 7;

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
    REQUEST_TIMEOUT_MS: '0',
    STATEMENT_TIMEOUT_MS: '0',
  });
  const connection = connect(config);
  const app = await buildApp(config, { connection, logger: false });
  const { db, dialect } = connection;
  try {
    const sub = await createSubcategory(db);
    const at = new Date().toISOString();
    const shop = await db
      .insertInto('shops')
      .values({ name: 'Bench', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = Date.now();
    if (dialect === 'postgres') {
      const triggers = await sql<{ tgname: string }>`select tgname from pg_trigger
        where tgrelid = 'products'::regclass and not tgisinternal`.execute(db);
      for (const t of triggers.rows)
        await sql`drop trigger ${sql.id(t.tgname)} on products`.execute(db);
      await sql`insert into products (type, shop_id, psubcategory_id, name, offer_type,
          created_at, updated_at, moderation_status)
        select case when i % 3 = 0 then 'demand' else 'offer' end, ${shop.id}, ${sub.id},
          'Product ' || i, 'sale', ${at}, ${at},
          case when i % 20 = 0 then 'hidden' else 'visible' end
        from generate_series(1, ${PRODUCTS}) as i`.execute(db);
    } else {
      const triggers = await sql<{ name: string }>`select name from sqlite_master
        where type = 'trigger' and tbl_name = 'products'`.execute(db);
      for (const t of triggers.rows) await sql`drop trigger ${sql.id(t.name)}`.execute(db);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PRODUCTS})
        insert into products (type, shop_id, psubcategory_id, name, offer_type,
          created_at, updated_at, moderation_status)
        select case when i % 3 = 0 then 'demand' else 'offer' end, ${shop.id}, ${sub.id},
          'Product ' || i, 'sale', ${at}, ${at},
          case when i % 20 = 0 then 'hidden' else 'visible' end
        from n`.execute(db);
    }
    await sql`analyze`.execute(db);
    console.info(`${dialect}: ${PRODUCTS} products written in ${Date.now() - started} ms`);

    const measure = async (url: string) => {
      let res = await app.inject({ method: 'GET', url });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        res = await app.inject({ method: 'GET', url });
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const urls = (res.body.match(/<loc>/g) ?? []).length;
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      console.info(
        `${dialect} ${url}: median ${median.toFixed(1)} ms, ${urls} <loc>, ` +
          `${kib(res.rawPayload.length)} (${kib(zlib.gzipSync(res.rawPayload, { level: 6 }).length)} gzipped)`,
      );
      return res.body;
    };
    const index = await measure('/sitemap.xml');
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map(
      (m) => m[1],
    );
    await measure(files[0]);
    await measure(files[files.length - 1]);
    // Where a file's time goes: the query, then the XML.
    const t0 = process.hrtime.bigint();
    const entries = (await sitemapEntries(db, config.sitemapPageSize, 'products', 1)) ?? [];
    const t1 = process.hrtime.bigint();
    urlsetXml(config.publicUrl, entries);
    const t2 = process.hrtime.bigint();
    const ms = (a: bigint, b: bigint) => (Number(b - a) / 1e6).toFixed(1);
    console.info(`${dialect} products-1: query ${ms(t0, t1)} ms, XML ${ms(t1, t2)} ms`);
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
