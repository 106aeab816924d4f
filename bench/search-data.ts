import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// Seeded databases for npm run bench:search, kept between runs: seeding a million products takes
// minutes. SQLite: CACHE_DIR/sqlite-<N>/ (a DATA_DIR); PostgreSQL: a database souq_bench_<N> on
// the server the given URL names (never the database of the URL itself). A database whose
// product count differs from N (an interrupted seed, another N) is made anew.

export const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? '/tmp/souq-bench-cache';

/**
 * The cache's name for N products, P % of the offers bumped (seed-bulk's --bumped): a database
 * seeded with bumps is another database, so that a cached one without them is never changed.
 */
const cacheName = (count: number, bumped: number) =>
  bumped ? `${count}_bumped_${String(bumped).replace('.', '_')}` : String(count);

/** Runs scripts/seed-bulk.ts for N products against the database the environment names. */
function seedBulk(count: number, bumped: number, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'scripts/seed-bulk.ts', '--products', String(count)],
      ...['--bumped', String(bumped)],
    ],
    { env: { ...process.env, SEED_DEMO: '0', ...env }, stdio: 'inherit' },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed-bulk exited with ${code}`)),
    );
  });
}

function sqliteCount(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  const db = new SQLite(file, { readonly: true });
  try {
    return Number(db.prepare('select count(*) as n from products').pluck().get());
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** The DATA_DIR of a SQLite database holding exactly `count` generated products. */
export async function sqliteDatabase(count: number, bumped = 0): Promise<{ DATA_DIR: string }> {
  const dir = path.join(CACHE_DIR, `sqlite-${cacheName(count, bumped)}`);
  const found = sqliteCount(path.join(dir, 'marketplace.sqlite'));
  if (found === count) {
    console.info(`sqlite: reusing ${dir} (${count.toLocaleString('en')} products)`);
  } else {
    console.info(`sqlite: seeding ${count.toLocaleString('en')} products into ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    await seedBulk(count, bumped, { DATA_DIR: dir, DATABASE_URL: '' });
  }
  return { DATA_DIR: dir };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of a PostgreSQL database, next to `serverUrl`'s, holding `count` generated products. */
export async function postgresDatabase(
  serverUrl: string,
  count: number,
  bumped = 0,
): Promise<{ DATABASE_URL: string }> {
  const name = `souq_bench_${cacheName(count, bumped)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const DATABASE_URL = url.toString();
  const exists = await withClient(serverUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    return r.rowCount === 1;
  });
  const found = exists
    ? await withClient(DATABASE_URL, (c) =>
        c.query('select count(*)::int as n from products').then(
          (r) => Number(r.rows[0].n),
          () => null,
        ),
      )
    : null;
  if (found === count) {
    console.info(`postgres: reusing database ${name} (${count.toLocaleString('en')} products)`);
    return { DATABASE_URL };
  }
  console.info(`postgres: seeding ${count.toLocaleString('en')} products into database ${name}`);
  await withClient(serverUrl, async (c) => {
    await c.query(`drop database if exists ${name}`);
    await c.query(`create database ${name}`);
  });
  await seedBulk(count, bumped, { DATABASE_URL });
  return { DATABASE_URL };
}
