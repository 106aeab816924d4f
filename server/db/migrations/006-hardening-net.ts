import type { Kysely, Migration } from 'kysely';

// Issue 14 (items 2 and 11).
// - login_throttle.last_failure_at: the account-wide slow-down makes an address that has failed
//   before wait a growing delay after its last failure (docs/decisions.md, "Sign-in throttling").
// - Indexes for the scheduled prune of login_throttle and expired sessions (a range delete each).
// - frontend_logs.source: who sent a log (the address), so each source has its own quota and
//   pruning one source's logs never touches another's.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const hardeningNet: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('login_throttle').addColumn('last_failure_at', 'text').execute();
    await db.schema
      .createIndex('login_throttle_window_start')
      .on('login_throttle')
      .column('window_start')
      .execute();
    await db.schema
      .createIndex('sessions_expires_at')
      .on('sessions')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('frontend_logs').addColumn('source', 'text').execute();
    await db.schema
      .createIndex('frontend_logs_source')
      .on('frontend_logs')
      .columns(['source', 'id'])
      .execute();
    await db.schema
      .createIndex('frontend_logs_created_at')
      .on('frontend_logs')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('frontend_logs_created_at').execute();
    await db.schema.dropIndex('frontend_logs_source').execute();
    await db.schema.alterTable('frontend_logs').dropColumn('source').execute();
    await db.schema.dropIndex('sessions_expires_at').execute();
    await db.schema.dropIndex('login_throttle_window_start').execute();
    await db.schema.alterTable('login_throttle').dropColumn('last_failure_at').execute();
  },
};
