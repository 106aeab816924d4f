import type { Kysely, Migration } from 'kysely';

// Issue 18: the live notification streams a user holds, counted across every process on one
// database (docs/live-events.md). One row per (user, slot), at most MAX_STREAMS_PER_USER slots: a
// process opening a stream takes a free or expired slot in one statement (insert … on conflict
// … do update … where expired), so two processes can never take the same slot. `holder` is the
// process that holds it (it renews its leases together); `stream` the stream's own token (its
// release deletes exactly its row); `expires_at` Unix milliseconds, pushed forward while the
// process lives, so a process that dies frees its slots when they run out.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const streamLeases: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('stream_leases')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('stream_leases_pk', ['user_id', 'slot'])
      .execute();
    await db.schema
      .createIndex('stream_leases_holder')
      .on('stream_leases')
      .column('holder')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stream_leases').execute();
  },
};
