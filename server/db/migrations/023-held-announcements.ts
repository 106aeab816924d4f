import type { Kysely, Migration } from 'kysely';

// Issue 33 item 1 (docs/trust.md): an offer, comment or command held for review at its creation
// tells nobody of itself until a moderator releases it. `announced` is 0 while its creation's
// notifications are owed, 1 once they are sent (or were never withheld: every row written before
// this migration, and every item that was not held). The release takes the debt with a guarded
// update (`announced = 0` → 1), so a second release, or two moderators at once, announce it once.

/* eslint-disable @typescript-eslint/no-explicit-any */
const TABLES = ['products', 'comments', 'commands'] as const;

export const heldAnnouncements: Migration = {
  async up(db: Kysely<any>) {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('announced', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('announced').execute();
  },
};
