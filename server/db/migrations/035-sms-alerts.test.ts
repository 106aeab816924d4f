import { describe, expect, it } from 'vitest';
import { now } from '../connect';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import type { DB } from '../types';

// Migration 035 (issue 32): users get `sms_alerts`, off for every account, old and new; down
// takes it away again.

async function user(db: DB, phone: string) {
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      first_name: 'U',
      last_name: phone,
      phone_1: phone,
      email: null,
      password_hash: 'x',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('migration 035-sms-alerts', () => {
  for (const engine of engines) {
    it(`adds sms_alerts, off for existing and new users, and takes it away [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect, migrator }) => {
        expect((await migrator.migrateTo('034-rating-announcements')).error).toBeUndefined();
        const before = await user(db, '22000001');

        await migrateToLatest(db, dialect);
        const after = await user(db, '22000002');
        const alerts = async () =>
          (await db.selectFrom('users').select(['id', 'sms_alerts']).orderBy('id').execute()).map(
            (r) => [r.id, r.sms_alerts],
          );
        expect(await alerts()).toEqual([
          [before, 0],
          [after, 0],
        ]);
        await db.updateTable('users').set({ sms_alerts: 1 }).where('id', '=', after).execute();
        expect(await alerts()).toEqual([
          [before, 0],
          [after, 1],
        ]);

        expect((await migrator.migrateTo('034-rating-announcements')).error).toBeUndefined();
        await expect(db.selectFrom('users').select('sms_alerts').execute()).rejects.toThrow();
        // The users themselves stay.
        expect(await db.selectFrom('users').select('id').orderBy('id').execute()).toEqual([
          { id: before },
          { id: after },
        ]);
      });
    }, 60_000);
  }
});
