import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { now } from '../connect';
import { migrateToLatest } from '../migrate';
import { engines, withEmptyDatabase } from '../../test/harness';
import { createProduct, createSubcategory } from '../../test/fixtures';
import type { DB } from '../types';

// Migration 033 (issue 34 item 5): comments and commands written before it keep their rows, ids,
// links and indexes; deleting their author afterwards leaves them with user_id null (and what hangs
// under them in place), and ids of deleted rows are not given again (SQLite's rebuild).

async function user(db: DB, phone: string) {
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      first_name: 'U',
      last_name: phone,
      phone_1: phone,
      email: null,
      password_hash: 'x',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('migration 033-keep-deleted-authors', () => {
  for (const engine of engines) {
    it(`keeps existing rows, then sets a deleted author to null [${engine}]`, async () => {
      await withEmptyDatabase(engine, async ({ db, dialect, migrator }) => {
        expect((await migrator.migrateTo('032-shop-live-offers')).error).toBeUndefined();
        const at = now();
        const leaver = await user(db, '22000001');
        const seller = await user(db, '22000002');
        const shop = await db
          .insertInto('shops')
          .values({ name: 'S', created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('shop_employees')
          .values({ shop_id: shop.id, user_id: seller, role: 'owner', created_at: at })
          .execute();
        const sub = await createSubcategory(db);
        const product = await createProduct(db, { shop_id: shop.id, psubcategory_id: sub.id });
        const comment = (user_id: number, parent: number | null) =>
          db
            .insertInto('comments')
            .values({
              user_id,
              commentable_type: parent ? 'comment' : 'product',
              commentable_id: parent ?? product.id,
              product_id: product.id,
              parent_id: parent,
              depth: parent ? 2 : 1,
              text: 't',
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
            .then((r) => r.id);
        const mine = await comment(leaver, null);
        const reply = await comment(seller, mine);
        const last = await comment(seller, null);
        await db.deleteFrom('comments').where('id', '=', last).execute();
        const command = await db
          .insertInto('commands')
          .values({ user_id: leaver, product_id: product.id, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('reactions')
          .values({
            user_id: seller,
            reactionable_type: 'comment',
            reactionable_id: mine,
            comment_id: mine,
            name: 'like',
            created_at: at,
          })
          .execute();

        await migrateToLatest(db, dialect);
        const ids = async (table: 'comments' | 'commands') =>
          (await db.selectFrom(table).select(['id', 'user_id']).orderBy('id').execute()).map(
            (r) => [r.id, r.user_id],
          );
        expect(await ids('comments')).toEqual([
          [mine, leaver],
          [reply, seller],
        ]);
        expect(await ids('commands')).toEqual([[command.id, leaver]]);
        if (dialect === 'sqlite') {
          const indexes = await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name in ('comments', 'commands') and sql is not null
            order by name`.execute(db);
          expect(indexes.rows.map((r) => r.name)).toEqual([
            'commands_product',
            'commands_rent_holds',
            'commands_user',
            'comments_command',
            'comments_commentable',
            'comments_parent',
            'comments_product',
            'comments_user',
          ]);
          const fk = await sql<{ on: string }>`pragma foreign_keys`.execute(db);
          expect(Object.values(fk.rows[0] ?? {})).toEqual([1]);
        }

        await db.deleteFrom('users').where('id', '=', leaver).execute();
        expect(await ids('comments')).toEqual([
          [mine, null],
          [reply, seller],
        ]);
        expect(await ids('commands')).toEqual([[command.id, null]]);
        expect(
          await db
            .selectFrom('reactions')
            .select('comment_id')
            .where('user_id', '=', seller)
            .execute(),
        ).toEqual([{ comment_id: mine }]);
        // Children still follow their parent: deleting the product takes everything with it.
        const next = await comment(seller, null);
        expect(next).toBeGreaterThan(last);
        await db.deleteFrom('products').where('id', '=', product.id).execute();
        expect(await ids('comments')).toEqual([]);
        expect(await ids('commands')).toEqual([]);
        expect(await db.selectFrom('reactions').select('id').execute()).toEqual([]);

        // Down: authors required again (the authorless rows went with the step). Later
        // migrations are undone first.
        expect((await migrator.migrateTo('032-shop-live-offers')).error).toBeUndefined();
        const down = db.insertInto('comments').values({
          user_id: null as unknown as number,
          commentable_type: 'product',
          commentable_id: 1,
          product_id: 1,
          text: 't',
          created_at: at,
          updated_at: at,
        });
        await expect(down.execute()).rejects.toThrow();
      });
    }, 60_000);
  }
});
