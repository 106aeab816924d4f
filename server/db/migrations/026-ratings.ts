import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 32 item 5 (docs/ratings.md): a buyer rates the shop after an accepted command.
// - `commands.accepted_at`: when the command was accepted (GET /commands/sold/{id}); the 30 days
//   to rate run from it. Commands sold before this migration take their `updated_at`, which
//   acceptance set last (a sold command cannot be edited).
// - `ratings`: one per command and one per buyer and shop; the shop's staff answer once. The
//   command may go (its offer deleted) without taking the rating with it; the buyer's account
//   may not (a deleted buyer's ratings go, DESIGN §5).
// - ratings are reported and moderated like comments: `item_reports.rating_id`, and `rating` in
//   the queue's target types. Both tables had CHECK constraints naming the old types: PostgreSQL
//   swaps the constraint, SQLite (which cannot alter one) rebuilds the table with its rows.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function ratings(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  const oneTarget = (n: 2 | 3) =>
    n === 2
      ? sql`(comment_id is null) <> (command_id is null)`
      : sql`(case when comment_id is null then 0 else 1 end + case when command_id is null then 0
          else 1 end + case when rating_id is null then 0 else 1 end) = 1`;
  const types = (withRating: boolean) =>
    withRating
      ? sql`target_type in ('product','comment','command','rating')`
      : sql`target_type in ('product','comment','command')`;

  /** SQLite: moderation_items again, with its rows, under the new CHECK. */
  async function rebuildQueue(db: Kysely<any>, withRating: boolean) {
    await id(db.schema.createTable('moderation_items_next'))
      .addColumn('target_type', 'text', (c: any) => c.notNull().check(types(withRating)))
      .addColumn('target_id', 'integer', (c: any) => c.notNull())
      .addColumn('author_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
      .addColumn('pending', 'integer', (c: any) => c.notNull().defaultTo(1))
      .addColumn('flag', 'text')
      .addColumn('reports_count', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('last_event_at', 'text', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addUniqueConstraint('moderation_items_target', ['target_type', 'target_id'])
      .execute();
    await sql`insert into moderation_items_next select * from moderation_items`.execute(db);
    await db.schema.dropTable('moderation_items').execute();
    await db.schema.alterTable('moderation_items_next').renameTo('moderation_items').execute();
    await db.schema
      .createIndex('moderation_items_queue')
      .on('moderation_items')
      .columns(['pending', 'last_event_at'])
      .execute();
  }

  /** SQLite: item_reports again, with or without its rating_id column. */
  async function rebuildItemReports(db: Kysely<any>, withRating: boolean) {
    let table = id(db.schema.createTable('item_reports_next'))
      .addColumn('user_id', 'integer', (c: any) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('comment_id', 'integer', (c: any) =>
        c.references('comments.id').onDelete('cascade'),
      )
      .addColumn('command_id', 'integer', (c: any) =>
        c.references('commands.id').onDelete('cascade'),
      )
      .addColumn('reason', 'text', (c: any) =>
        c
          .notNull()
          .check(
            sql`reason in ('scam','prohibited','wrong_category','duplicate','offensive','other')`,
          ),
      )
      .addColumn('text', 'text')
      .addColumn('status', 'text', (c: any) =>
        c
          .notNull()
          .defaultTo('open')
          .check(sql`status in ('open','upheld','dismissed')`),
      )
      .addColumn('created_at', 'text', (c: any) => c.notNull());
    if (withRating) {
      table = table
        .addColumn('rating_id', 'integer', (c: any) =>
          c.references('ratings.id').onDelete('cascade'),
        )
        .addUniqueConstraint('item_reports_user_rating', ['user_id', 'rating_id']);
    }
    await table
      .addCheckConstraint('item_reports_one_target', oneTarget(withRating ? 3 : 2))
      .addUniqueConstraint('item_reports_user_comment', ['user_id', 'comment_id'])
      .addUniqueConstraint('item_reports_user_command', ['user_id', 'command_id'])
      .execute();
    // The rows of the other shape (down: the rating reports were deleted first).
    const columns = sql.raw(
      'id, user_id, comment_id, command_id, reason, text, status, created_at',
    );
    await sql`insert into item_reports_next (${columns}) select ${columns} from item_reports`.execute(
      db,
    );
    await db.schema.dropTable('item_reports').execute();
    await db.schema.alterTable('item_reports_next').renameTo('item_reports').execute();
    for (const column of ['comment_id', 'command_id']) {
      await db.schema
        .createIndex(`item_reports_${column.replace('_id', '')}`)
        .on('item_reports')
        .column(column)
        .execute();
    }
  }

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('commands').addColumn('accepted_at', 'text').execute();
      await db
        .updateTable('commands')
        .set({ accepted_at: sql`updated_at` })
        .where('sold', '=', 1)
        .execute();

      await id(db.schema.createTable('ratings'))
        .addColumn('shop_id', 'integer', (c: any) =>
          c.notNull().references('shops.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c: any) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('command_id', 'integer', (c: any) =>
          c.references('commands.id').onDelete('set null'),
        )
        .addColumn('product_id', 'integer', (c: any) =>
          c.references('products.id').onDelete('set null'),
        )
        .addColumn('stars', 'integer', (c: any) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('text', 'text')
        .addColumn('answer_text', 'text')
        .addColumn('answer_user_id', 'integer', (c: any) =>
          c.references('users.id').onDelete('set null'),
        )
        .addColumn('answered_at', 'text')
        .addColumn('moderation_status', 'text', (c: any) =>
          c
            .notNull()
            .defaultTo('visible')
            .check(sql`moderation_status in ('visible','review','hidden','banned')`),
        )
        .addColumn('created_at', 'text', (c: any) => c.notNull())
        .addColumn('updated_at', 'text', (c: any) => c.notNull())
        .addUniqueConstraint('ratings_command', ['command_id'])
        .addUniqueConstraint('ratings_shop_user', ['shop_id', 'user_id'])
        .execute();
      // The shop's reviews tab and its average: newest first, by shop.
      await db.schema
        .createIndex('ratings_shop_created')
        .on('ratings')
        .columns(['shop_id', 'created_at'])
        .execute();
      await db.schema.createIndex('ratings_user').on('ratings').column('user_id').execute();

      if (pg) {
        await db.schema
          .alterTable('item_reports')
          .addColumn('rating_id', 'integer', (c) => c.references('ratings.id').onDelete('cascade'))
          .execute();
        await sql`alter table item_reports drop constraint item_reports_one_target`.execute(db);
        await sql`alter table item_reports add constraint item_reports_one_target
          check (${oneTarget(3)})`.execute(db);
        await sql`alter table moderation_items drop constraint moderation_items_target_type_check`.execute(
          db,
        );
        await sql`alter table moderation_items add constraint moderation_items_target_type_check
          check (${types(true)})`.execute(db);
        await db.schema
          .alterTable('item_reports')
          .addUniqueConstraint('item_reports_user_rating', ['user_id', 'rating_id'])
          .execute();
      } else {
        await rebuildItemReports(db, true);
        await rebuildQueue(db, true);
      }
      await db.schema
        .createIndex('item_reports_rating')
        .on('item_reports')
        .column('rating_id')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.deleteFrom('moderation_items').where('target_type', '=', 'rating').execute();
      await db.deleteFrom('item_reports').where('rating_id', 'is not', null).execute();
      await db.schema.dropIndex('item_reports_rating').execute();
      if (pg) {
        await sql`alter table moderation_items drop constraint moderation_items_target_type_check`.execute(
          db,
        );
        await sql`alter table moderation_items add constraint moderation_items_target_type_check
          check (${types(false)})`.execute(db);
        await sql`alter table item_reports drop constraint item_reports_one_target`.execute(db);
        await db.schema.alterTable('item_reports').dropColumn('rating_id').execute();
        // (its unique constraint went with the column)
        await sql`alter table item_reports add constraint item_reports_one_target
          check (${oneTarget(2)})`.execute(db);
      } else {
        await rebuildItemReports(db, false);
        await rebuildQueue(db, false);
      }
      await db.schema.dropTable('ratings').execute();
      await db.schema.alterTable('commands').dropColumn('accepted_at').execute();
    },
  };
}
