import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

// Real failures from the real drivers: which ones mean "the database cannot be reached now"
// (answered 503 + Retry-After by server/plugins/errors.ts) and which are faults (500).

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failureOf(work: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDatabaseUnavailable', () => {
  it('is true when PostgreSQL refuses the connection', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
    expect(isDatabaseUnavailable(await failureOf(() => client.connect()))).toBe(true);
  });

  it('is true when SQLite stays locked past the busy timeout, false for bad SQL', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-busy-')), 'db.sqlite');
    const a = new Database(file);
    const b = new Database(file, { timeout: 0 });
    try {
      a.exec('create table t (x integer)');
      a.exec('begin immediate');
      a.exec('insert into t values (1)');
      const busy = (() => {
        try {
          b.exec('insert into t values (2)');
        } catch (error) {
          return error;
        }
      })();
      expect(isDatabaseUnavailable(busy)).toBe(true);
      a.exec('rollback');
      const syntax = (() => {
        try {
          b.exec('selec 1');
        } catch (error) {
          return error;
        }
      })();
      expect(isDatabaseUnavailable(syntax)).toBe(false);
    } finally {
      a.close();
      b.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)(
    'is true for a query cut by the server, false for a failing query',
    async () => {
      const victim = new pg.Client({ connectionString: pgUrl });
      const admin = new pg.Client({ connectionString: pgUrl });
      await victim.connect();
      await admin.connect();
      victim.on('error', () => {});
      try {
        const pid = (await victim.query('select pg_backend_pid() as pid')).rows[0].pid;
        const cut = failureOf(() => victim.query('select pg_sleep(10)'));
        await new Promise((r) => setTimeout(r, 200));
        await admin.query('select pg_terminate_backend($1)', [pid]);
        expect(isDatabaseUnavailable(await cut)).toBe(true);
        const failing = await failureOf(() => admin.query('select 1/0'));
        expect(isDatabaseUnavailable(failing)).toBe(false);
      } finally {
        await victim.end().catch(() => {});
        await admin.end();
      }
    },
  );

  it('is false for what is not an error of the database', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
