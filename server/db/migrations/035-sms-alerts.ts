import type { Kysely, Migration } from 'kysely';

// Issue 32: `listing_expiring` goes by SMS too, only to those who asked for it in their account.
// `sms_alerts` is 1 when the user turned it on (PUT /users/{id}, the user alone), 0 otherwise:
// every account, old and new, starts without SMS (docs/accounts.md).

/* eslint-disable @typescript-eslint/no-explicit-any */
export const smsAlerts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('sms_alerts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('users').dropColumn('sms_alerts').execute();
  },
};
