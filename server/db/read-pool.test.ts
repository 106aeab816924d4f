import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from './connect';
import { ReadPool, ReadPoolDialect, type ReadPoolOptions } from './read-pool';
import { isDatabaseUnavailable } from './unavailable';
import type { Database } from './types';

// The search read pool (read-pool.ts) on a real SQLite file: queries run side by side in its
// worker threads, off the main thread; errors come back as SQLite's; a dead worker is replaced.

/** A statement that keeps a worker busy for a while (a few hundred ms), returning one row. */
const SLOW = `with recursive c(n) as (select 1 union all select n + 1 from c where n < 2000000)
  select count(*) as n from c`;

let dir: string;
let connection: Connection;
let pool: ReadPool | undefined;

function newPool(overrides: Partial<ReadPoolOptions> = {}) {
  pool = new ReadPool({
    file: path.join(dir, 'marketplace.sqlite'),
    size: 2,
    busyTimeoutMs: 5000,
    mmapBytes: 0,
    cacheKib: 1024,
    statementCacheSize: 10,
    ...overrides,
  });
  return pool;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-read-pool-'));
  connection = connect({ dataDir: dir, searchReadWorkers: 2 });
  await sql`create table items (id integer primary key, name text not null)`.execute(connection.db);
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  await connection.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('search read pool', () => {
  it('runs queries side by side, off the main thread', async () => {
    const p = newPool();
    await sql`insert into items (name) values ('a'), ('b')`.execute(connection.db);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const slowDone = p.query(SLOW, []).then((rows) => ({ rows, ticks, at: Date.now() }));
    const fast = await p.query('select name from items where id = ?', [2]);
    const fastAt = Date.now();
    // The slow query holds one worker; the other answered meanwhile.
    expect(p.busy()).toEqual([1, 0]);
    expect(fast).toEqual([{ name: 'b' }]);
    const slow = await slowDone;
    clearInterval(timer);
    expect(slow.rows).toEqual([{ n: 2_000_000 }]);
    expect(fastAt).toBeLessThan(slow.at);
    // The main thread's timers ran while the slow query did.
    expect(slow.ticks).toBeGreaterThan(2);
    expect(p.busy()).toEqual([0, 0]);
  });

  it('sees every write committed before the query, at once', async () => {
    const { db, readDb } = connection;
    expect(readDb).not.toBe(db);
    for (let i = 1; i <= 30; i++) {
      await db
        .insertInto('items' as never)
        .values({ name: `n${i}` } as never)
        .execute();
      const rows = await sql<{ n: number }>`select count(*) as n from items`.execute(readDb);
      expect(rows.rows).toEqual([{ n: i }]);
    }
  });

  it('rejects with SQLite’s error and code; writes and transactions are refused', async () => {
    const { readDb } = connection;
    const bad = await sql`select * from nowhere`.execute(readDb).catch((e) => e);
    expect(bad).toBeInstanceOf(Error);
    expect(bad).toMatchObject({ code: 'SQLITE_ERROR', message: 'no such table: nowhere' });
    await expect(sql`insert into items (name) values ('x')`.execute(readDb)).rejects.toThrow(
      /only queries that return rows/,
    );
    await expect(
      sql`insert into items (name) values ('x') returning id`.execute(readDb),
    ).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(
      (readDb as unknown as Kysely<Database>).transaction().execute(async () => {}),
    ).rejects.toThrow(/no transactions/);
    // The pool still answers after errors.
    expect((await sql`select 1 as one`.execute(readDb)).rows).toEqual([{ one: 1 }]);
  });

  it('answers SQLITE_BUSY (a 503 for the app) when the file is locked past the busy timeout', async () => {
    // A file of its own: an exclusive WAL connection can lock only a file nobody else has open.
    const file = path.join(dir, 'locked.sqlite');
    const locker = new SQLite(file);
    try {
      locker.pragma('journal_mode = WAL');
      locker.pragma('locking_mode = EXCLUSIVE');
      // Once it has written, it keeps every other connection out until it closes.
      locker.exec('create table t (x); insert into t values (1)');
      const p = newPool({ file, busyTimeoutMs: 50 });
      const error = await p.query('select count(*) from t', []).catch((e) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      locker.close();
    }
  });

  it('fails the queries of a worker that dies, and replaces it', async () => {
    const p = newPool({ size: 1 });
    const slow = p.query(SLOW, []);
    const { slots } = p as unknown as { slots: { worker: Worker }[] };
    await slots[0].worker.terminate();
    await expect(slow).rejects.toThrow(/stopped/);
    expect(await p.query('select 1 as one', [])).toEqual([{ one: 1 }]);
  });

  it("bounds each worker's young generation when told, and still answers a large read", async () => {
    const p = newPool({ size: 1, youngGenerationMb: 4 });
    const rows = await p.query(
      `with recursive c(n) as (select 1 union all select n + 1 from c where n < 200000)
        select n as id, 'product ' || n as name from c`,
      [],
    );
    expect(rows).toHaveLength(200_000);
    expect(rows[199_999]).toEqual({ id: 200_000, name: 'product 200000' });
    const { slots } = p as unknown as { slots: { worker: Worker }[] };
    expect(slots[0].worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(4);
  });

  it('close() ends the workers and fails what they held; later queries are refused', async () => {
    const p = newPool();
    const slow = p.query(SLOW, []).catch((e: Error) => e);
    await p.close();
    expect(await slow).toMatchObject({ message: 'the search read pool is closed' });
    await expect(p.query('select 1', [])).rejects.toThrow(/closed/);
    expect(p.busy()).toEqual([0, 0]);
  });

  it('Kysely over the pool: compiled queries with parameters, rows as the main connection gives them', async () => {
    const p = newPool();
    const db = new Kysely<{ items: { id: number; name: string } }>({
      dialect: new ReadPoolDialect(p),
    });
    await sql`insert into items (name) values ('a'), ('b'), ('c')`.execute(connection.db);
    const rows = await db
      .selectFrom('items')
      .select(['id', 'name'])
      .where('name', 'in', ['a', 'c'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, name: 'a' },
      { id: 3, name: 'c' },
    ]);
    const blob = await sql<{ b: Buffer }>`select x'cafe' as b`.execute(db);
    expect(Buffer.isBuffer(blob.rows[0].b)).toBe(true);
    expect(blob.rows[0].b.toString('hex')).toBe('cafe');
  });
});
