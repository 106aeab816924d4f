import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connect } from '../connect';
import { migrations } from '../migrate';
import type { Executor } from '../types';
import { createPostgresDatabase, engines, withEmptyDatabase } from '../../test/harness';
import { RUM_INDEX } from './037-search-rum';

// Migration 037: the RUM index of the search vector where the rum extension may be had (made as
// a superuser; down drops the index), and nothing, without an error, where it may not (a role
// that owns its database but is no superuser): search then reads the GIN index as before
// (server/features/search/search-rum.routes.test.ts compares both ways). SQLite: nothing.

const names = async (db: Executor, dialect: string) =>
  (dialect === 'sqlite'
    ? await sql<{ name: string }>`select name from sqlite_master
        where type = 'index' and name = ${RUM_INDEX}`.execute(db)
    : await sql<{ name: string }>`select indexname as name from pg_indexes
        where indexname = ${RUM_INDEX}`.execute(db)
  ).rows.map((r) => r.name);

describe('migration 037-search-rum', () => {
  for (const engine of engines) {
    it(`indexes the search vector with RUM (PostgreSQL), and drops it down [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect, migrator }) => {
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        expect(await names(db, dialect)).toEqual(dialect === 'postgres' ? [RUM_INDEX] : []);
        expect((await migrator.migrateTo('036-search-bumps')).error).toBeUndefined();
        expect(await names(db, dialect)).toEqual([]);
      });
    }, 60_000);
  }

  it.skipIf(!(engines as readonly string[]).includes('postgres'))(
    'leaves the GIN index alone where the extension may not be made [postgres]',
    async () => {
      const created = await createPostgresDatabase();
      const role = `souq_test_norum_${crypto.randomBytes(4).toString('hex')}`;
      const url = new URL(created.url);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-037-'));
      await admin.connect();
      try {
        await admin.query(`create role ${role} login`);
        await admin.query(`alter database ${url.pathname.slice(1)} owner to ${role}`);
        url.username = role;
        const { db, dialect, close } = connect({ databaseUrl: url.toString(), dataDir });
        try {
          const migrator = new Migrator({
            db,
            provider: { getMigrations: async () => migrations(dialect) },
          });
          expect((await migrator.migrateToLatest()).error).toBeUndefined();
          expect(await names(db, dialect)).toEqual([]);
          const { rows } = await sql`select 1 from pg_extension where extname = 'rum'`.execute(db);
          expect(rows).toEqual([]);
        } finally {
          await close();
        }
      } finally {
        await created.drop();
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
