import pg from 'pg';
import { sql } from 'kysely';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import errors from '../plugins/errors';
import { connect } from './connect';

// A PostgreSQL restart cuts every connection. One cut while a request holds it (between two
// queries of a transaction) made the pg client emit 'error' with no listener, which killed the
// server (found by reliability/pg-restart.test.ts). The process must live on, and the pool with it.

const pgUrl = process.env.TEST_DATABASE_URL;

it.skipIf(!pgUrl)('survives a pooled connection cut while checked out, and serves on', async () => {
  const { db, close } = connect({ databaseUrl: pgUrl, dataDir: '' });
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      // The server's termination notice arrives while no query runs on this connection.
      await new Promise((r) => setTimeout(r, 500));
    });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  } finally {
    await admin.end();
    await close();
  }
});

// Issue 14 item 3: one slow statement must not hold a pooled connection (and the requests queued
// behind it) for as long as it likes. PostgreSQL cancels it at STATEMENT_TIMEOUT_MS (57014), and
// the error plugin answers 503 in DESIGN §3's shape, not 500.
it.skipIf(!pgUrl)('cancels a statement past the timeout, answered 503', async () => {
  const { db, close } = connect({ databaseUrl: pgUrl, dataDir: '', statementTimeoutMs: 200 });
  const app = Fastify({ logger: false });
  try {
    const started = Date.now();
    const error = await sql`select pg_sleep(5)`.execute(db).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((error as { code?: string }).code).toBe('57014');

    await app.register(errors);
    app.get('/slow', async () => sql`select pg_sleep(5)`.execute(db));
    const res = await app.inject('/slow');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ errors: { global: ['server_busy'] } });
    // The pool goes on serving.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  } finally {
    await app.close();
    await close();
  }
});

it.skipIf(!pgUrl)('sizes the pool from DATABASE_POOL_MAX', async () => {
  const { db, close } = connect({ databaseUrl: pgUrl, dataDir: '', databasePoolMax: 2 });
  try {
    const started = Date.now();
    // Three 300 ms statements on two connections: the third waits for a free one.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.3)`.execute(db)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  } finally {
    await close();
  }
});

// docs/search.md "PostgreSQL's slowest searches at 1,000,000": no JIT compiling on the pool's
// connections (20-50 ms for each costly search query, never paid back).
it.skipIf(!pgUrl)('runs its connections without JIT, with 32 MB of work_mem', async () => {
  const { db, close } = connect({ databaseUrl: pgUrl, dataDir: '' });
  try {
    const { rows } = await sql<{ jit: string; work_mem: string }>`select
      current_setting('jit') as jit, current_setting('work_mem') as work_mem`.execute(db);
    expect(rows).toEqual([{ jit: 'off', work_mem: '32MB' }]);
  } finally {
    await close();
  }
});
