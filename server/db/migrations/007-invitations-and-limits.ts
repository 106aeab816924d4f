import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 14, items 4, 5 and 6:
// - personal shops no longer copy their owner's email: the copies made so far are cleared;
// - shop staff join by invitation (docs/shops-users.md, "Invitations"): `shop_invitations` holds
//   the pending ones, addressed to a login (normalised phone or lower-case email) so that the
//   inviter learns nothing about whether an account has it;
// - per-user rate limits kept in the database (server/limits/), shared by every process.

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Clears the email of every non-professional shop whose owner has that same email: registration
 * and profile edits used to copy it there, which published it. An email set on the shop that
 * differs from the owner's is the owner's choice and stays.
 */
export async function clearCopiedShopEmails(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('shops')
    .set({ email: null })
    .where('is_professional', '=', 0)
    .where('email', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shop_employees')
          .innerJoin('users', 'users.id', 'shop_employees.user_id')
          .select('shop_employees.user_id')
          .whereRef('shop_employees.shop_id', '=', 'shops.id')
          .where('shop_employees.role', '=', 'owner')
          .whereRef('users.email', '=', 'shops.email'),
      ),
    )
    .execute();
}

export function invitationsAndLimits(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await clearCopiedShopEmails(db);

      let invitations = db.schema.createTable('shop_invitations');
      invitations =
        dialect === 'postgres'
          ? invitations.addColumn('id', 'serial', (c) => c.primaryKey())
          : invitations.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await invitations
        .addColumn('shop_id', 'integer', (c) =>
          c.notNull().references('shops.id').onDelete('cascade'),
        )
        .addColumn('login', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('admin','moderator','employee')`),
        )
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('shop_invitations_shop_login', ['shop_id', 'login'])
        .execute();
      await db.schema
        .createIndex('shop_invitations_login')
        .on('shop_invitations')
        .column('login')
        .execute();

      // One row per (scope, key, window): `count` hits so far. Rows of past windows are pruned.
      await db.schema
        .createTable('rate_limits')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'integer', (c) => c.notNull())
        .addColumn('window_end', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limits_pk', ['scope', 'key', 'window_start'])
        .execute();
      await db.schema
        .createIndex('rate_limits_window_end')
        .on('rate_limits')
        .column('window_end')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.dropTable('shop_invitations').execute();
    },
  };
}
