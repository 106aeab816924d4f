import { expect, it } from 'vitest';
import { connect } from './connect';
import { sql } from 'kysely';
import { migrateToLatest, migrations, underStartupLock } from './migrate';
import { createPostgresDatabase } from '../test/harness';

// Issue 18 item 3: several processes starting together on one fresh PostgreSQL database migrate
// one after the other (pg_advisory_lock, underStartupLock): every start succeeds and each
// migration runs once.
it.runIf(!!process.env.TEST_DATABASE_URL)(
  'two concurrent migrations of a fresh PostgreSQL database both succeed, each migration once',
  async () => {
    const created = await createPostgresDatabase();
    const a = connect({ databaseUrl: created.url, dataDir: '/nonexistent' });
    const b = connect({ databaseUrl: created.url, dataDir: '/nonexistent' });
    try {
      await Promise.all([
        migrateToLatest(a.db, 'postgres'),
        migrateToLatest(b.db, 'postgres'),
        migrateToLatest(a.db, 'postgres'),
      ]);
      const done = await a.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(done).toHaveLength(Object.keys(migrations('postgres')).length);
    } finally {
      await a.close();
      await b.close();
      await created.drop();
    }
  },
  60_000,
);

// Issue 34 item 6 (found by scripts/rolling-restart.ts): the second process waits for the first's
// migrations and seed longer than STATEMENT_TIMEOUT_MS; the wait is not a request's statement.
it.runIf(!!process.env.TEST_DATABASE_URL)(
  'waits for the startup lock longer than the statement timeout, then keeps the timeout',
  async () => {
    const created = await createPostgresDatabase();
    const options = { databaseUrl: created.url, dataDir: '/nonexistent', statementTimeoutMs: 300 };
    const a = connect(options);
    const b = connect(options);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const first = underStartupLock(a.db, 'postgres', async () => {
        entered();
        await held;
      });
      await inside;
      const second = underStartupLock(b.db, 'postgres', async (db) => {
        const row = await sql<{
          v: string;
        }>`select current_setting('statement_timeout') as v`.execute(db);
        return row.rows[0].v;
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      release();
      await first;
      expect(await second).toBe('0');
      // Outside the lock, statements are cut at the configured timeout again.
      await expect(sql`select pg_sleep(1)`.execute(b.db)).rejects.toThrow(/statement timeout/);
    } finally {
      await a.close();
      await b.close();
      await created.drop();
    }
  },
  60_000,
);
