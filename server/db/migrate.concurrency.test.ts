import { expect, it } from 'vitest';
import { connect } from './connect';
import { migrateToLatest, migrations } from './migrate';
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
