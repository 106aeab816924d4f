import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connect } from '../connect';
import { migrations } from '../migrate';
import { createPostgresDatabase } from '../../test/harness';
import { RUM_INDEX } from './037-search-rum';

// Migration 037: the RUM index of the search vector where the rum extension may be had (made as
// a superuser; down drops the index), and nothing, without an error, where it may not (a role
// that owns its database but is no superuser): search then reads the GIN index as before
// (server/features/search/search-rum.routes.test.ts compares both ways).

const pgUrl = process.env.TEST_DATABASE_URL;

async function migrated(databaseUrl: string | undefined, work: (names: string[]) => unknown) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-037-'));
  const { db, dialect, close } = connect({ databaseUrl, dataDir });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const names = async () =>
    (dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and name = ${RUM_INDEX}`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes
          where indexname = ${RUM_INDEX}`.execute(db)
    ).rows.map((r) => r.name);
  try {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await work(await names());
    expect((await migrator.migrateTo('036-search-bumps')).error).toBeUndefined();
    expect(await names()).toEqual([]);
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('migration 037-search-rum', () => {
  it('does nothing on SQLite [sqlite]', async () => {
    await migrated(undefined, (names) => expect(names).toEqual([]));
  }, 60_000);

  it.skipIf(!pgUrl)(
    'indexes the search vector with RUM, and drops it down [postgres]',
    async () => {
      const created = await createPostgresDatabase();
      try {
        await migrated(created.url, (names) => expect(names).toEqual([RUM_INDEX]));
      } finally {
        await created.drop();
      }
    },
    60_000,
  );

  it.skipIf(!pgUrl)(
    'leaves the GIN index alone where the extension may not be made [postgres]',
    async () => {
      const created = await createPostgresDatabase();
      const role = `souq_test_norum_${crypto.randomBytes(4).toString('hex')}`;
      const url = new URL(created.url);
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      try {
        await admin.query(`create role ${role} login`);
        await admin.query(`alter database ${url.pathname.slice(1)} owner to ${role}`);
        url.username = role;
        await migrated(url.toString(), (names) => expect(names).toEqual([]));
      } finally {
        await created.drop();
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
      }
    },
    60_000,
  );
});
