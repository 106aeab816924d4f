import type { Kysely, Migration } from 'kysely';

// Issue 32: a new rating tells the shop's managers (`rated`). A rating held for review at its
// creation (a new account's number or link, docs/trust.md) tells them only when a moderator
// releases it, as 023 does for offers, comments and commands: `announced` is 0 while owed, 1 once
// sent or never withheld (every rating written before this migration included).

/* eslint-disable @typescript-eslint/no-explicit-any */
export const ratingAnnouncements: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('ratings')
      .addColumn('announced', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('ratings').dropColumn('announced').execute();
  },
};
