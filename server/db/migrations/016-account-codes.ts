import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 21: password reset and verified phones (docs/accounts.md).
// - users.phone_verified_at: when phone_1 was last proved by a code sent to it; null once it changes.
// - account_codes: the live one-time code of each (user, purpose), stored as an HMAC (never the
//   code), the phone or e-mail it went to, its expiry and the tries used.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function accountCodes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
      let codes = db.schema.createTable('account_codes');
      codes =
        dialect === 'postgres'
          ? codes.addColumn('id', 'serial', (c) => c.primaryKey())
          : codes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await codes
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('account_codes_user_purpose', ['user_id', 'purpose'])
        .execute();
      await db.schema
        .createIndex('account_codes_expires_at')
        .on('account_codes')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('account_codes').execute();
      await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
    },
  };
}
