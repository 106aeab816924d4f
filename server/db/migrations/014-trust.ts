import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 19 (trust and safety, docs/trust.md):
// - reports carry a reason, an optional text and a status (open, upheld, dismissed); comments and
//   commands get reports too (`item_reports`, one per user and item, cascading with the item);
// - offers, comments and commands have a moderation status (visible, review, hidden, banned) that
//   lists, search and single answers filter on;
// - `moderation_items`: one row per item that entered the queue (reported, held or flagged);
// - `moderation_log`: every moderator action and automatic hold (who, what, when, note);
// - users may be banned; product images keep a perceptual hash to find one photo posted by others.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function trust(dialect: Dialect): Migration {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  const reasons = sql`reason in ('scam','prohibited','wrong_category','duplicate','offensive','other')`;
  const statuses = sql`status in ('open','upheld','dismissed')`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('reports')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo('other').check(reasons))
        .execute();
      await db.schema.alterTable('reports').addColumn('text', 'text').execute();
      await db.schema
        .alterTable('reports')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(statuses))
        .execute();

      await id(db.schema.createTable('item_reports'))
        .addColumn('user_id', 'integer', (c: any) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('comment_id', 'integer', (c: any) =>
          c.references('comments.id').onDelete('cascade'),
        )
        .addColumn('command_id', 'integer', (c: any) =>
          c.references('commands.id').onDelete('cascade'),
        )
        .addColumn('reason', 'text', (c: any) => c.notNull().check(reasons))
        .addColumn('text', 'text')
        .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('open').check(statuses))
        .addColumn('created_at', 'text', (c: any) => c.notNull())
        .addCheckConstraint(
          'item_reports_one_target',
          sql`(comment_id is null) <> (command_id is null)`,
        )
        .addUniqueConstraint('item_reports_user_comment', ['user_id', 'comment_id'])
        .addUniqueConstraint('item_reports_user_command', ['user_id', 'command_id'])
        .execute();
      await db.schema
        .createIndex('item_reports_comment')
        .on('item_reports')
        .column('comment_id')
        .execute();
      await db.schema
        .createIndex('item_reports_command')
        .on('item_reports')
        .column('command_id')
        .execute();

      for (const table of ['products', 'comments', 'commands']) {
        await db.schema
          .alterTable(table)
          .addColumn('moderation_status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('visible')
              .check(sql`moderation_status in ('visible','review','hidden','banned')`),
          )
          .execute();
      }

      await id(db.schema.createTable('moderation_items'))
        .addColumn('target_type', 'text', (c: any) =>
          c.notNull().check(sql`target_type in ('product','comment','command')`),
        )
        .addColumn('target_id', 'integer', (c: any) => c.notNull())
        .addColumn('author_id', 'integer', (c: any) =>
          c.references('users.id').onDelete('set null'),
        )
        // 1 while a moderator has not looked since the last report, hold or flag.
        .addColumn('pending', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('flag', 'text')
        .addColumn('reports_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('last_event_at', 'text', (c: any) => c.notNull())
        .addColumn('created_at', 'text', (c: any) => c.notNull())
        .addUniqueConstraint('moderation_items_target', ['target_type', 'target_id'])
        .execute();
      await db.schema
        .createIndex('moderation_items_queue')
        .on('moderation_items')
        .columns(['pending', 'last_event_at'])
        .execute();

      await id(db.schema.createTable('moderation_log'))
        .addColumn('actor_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c: any) => c.notNull())
        .addColumn('target_type', 'text', (c: any) => c.notNull())
        .addColumn('target_id', 'integer', (c: any) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', 'text', (c: any) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_log_created')
        .on('moderation_log')
        .column('created_at')
        .execute();

      await db.schema.alterTable('users').addColumn('banned_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('ban_reason', 'text').execute();
      // A reporter's record (shared/domain/trust.ts): kept on the account, since reports go
      // with the items a moderator deletes.
      for (const column of ['reports_upheld', 'reports_dismissed']) {
        await db.schema
          .alterTable('users')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }

      await db.schema.alterTable('product_files').addColumn('phash', 'text').execute();
      await db.schema
        .createIndex('product_files_phash')
        .on('product_files')
        .column('phash')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('product_files_phash').execute();
      await db.schema.alterTable('product_files').dropColumn('phash').execute();
      await db.schema.alterTable('users').dropColumn('reports_dismissed').execute();
      await db.schema.alterTable('users').dropColumn('reports_upheld').execute();
      await db.schema.alterTable('users').dropColumn('ban_reason').execute();
      await db.schema.alterTable('users').dropColumn('banned_at').execute();
      await db.schema.dropTable('moderation_log').execute();
      await db.schema.dropTable('moderation_items').execute();
      for (const table of ['products', 'comments', 'commands']) {
        await db.schema.alterTable(table).dropColumn('moderation_status').execute();
      }
      await db.schema.dropTable('item_reports').execute();
      for (const column of ['status', 'text', 'reason']) {
        await db.schema.alterTable('reports').dropColumn(column).execute();
      }
    },
  };
}
