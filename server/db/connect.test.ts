import pg from 'pg';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
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
