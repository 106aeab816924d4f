import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 35 item 14 (docs/notifications.md): some notifications stand for a state, not an event
// (a person's reaction to a target): changing it six times must leave one notification, updated
// in place. `group_key` names that state; one row per (recipient, group_key), which the unique
// index holds even when two requests race (notify.ts writes with INSERT … ON CONFLICT DO UPDATE).
// NULL (every other kind, and every row before this migration) never conflicts, on both engines.
// On PostgreSQL the row updated in place is announced to the live streams as a new one is
// (migration 012's function), by a trigger on the columns such an update sets.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function notificationGroups(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute();
      await db.schema
        .createIndex('notifications_user_group')
        .unique()
        .on('notifications')
        .columns(['user_id', 'group_key'])
        .execute();
      if (dialect !== 'postgres') return;
      await sql`
        create trigger souq_notification_updated after update of created_at on notifications
        for each row execute function souq_notify_notification()`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists souq_notification_updated on notifications`.execute(db);
      }
      await db.schema.dropIndex('notifications_user_group').execute();
      await db.schema.alterTable('notifications').dropColumn('group_key').execute();
    },
  };
}
