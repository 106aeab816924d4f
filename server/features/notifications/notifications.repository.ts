import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Executor, NotificationRow } from '../../db/types';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import { liveProduct } from '../products/listing.repository';

// The only Kysely code of notifications: writing them (notify.ts), finding who hears of a new
// offer or demand, and the reader's own list. Every read or write of a user's notifications is
// scoped by `user_id` in the statement itself, so another user's id simply matches nothing.

/** Rows per INSERT: far under SQLite's bound-parameter limit, whatever the fan-out. */
const INSERT_CHUNK = 200;

/**
 * The one place notifications are written; returns the rows' ids. No side effect: telling the
 * live streams is the caller's (notify.ts), since only it knows the rows belong to a transaction.
 * A row with a `group_key` the user already has replaces that one in place (migration 024): same
 * id, the new kind, data and time, unread again; its id is returned as a new row's would be.
 */
export async function insertNotifications(
  db: Executor,
  rows: {
    user_id: number;
    type: NotificationKind;
    data: string;
    created_at: string;
    group_key?: string | null;
  }[],
): Promise<{ id: number; user_id: number }[]> {
  const written: { id: number; user_id: number }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows
      .slice(i, i + INSERT_CHUNK)
      .map((r) => ({ ...r, group_key: r.group_key ?? null, read_at: null }));
    written.push(
      ...(await db
        .insertInto('notifications')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['user_id', 'group_key']).doUpdateSet((eb) => ({
            type: eb.ref('excluded.type'),
            data: eb.ref('excluded.data'),
            created_at: eb.ref('excluded.created_at'),
            read_at: null,
          })),
        )
        .returning(['id', 'user_id'])
        .execute()),
    );
  }
  return written;
}

/** The user's notifications after `afterId`, oldest first (a stream resuming, Last-Event-ID). */
export async function listAfter(db: Executor, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findActor(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'photo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The names an offer had when a notification about it was written (issue 20: name the offer). */
export async function findProductNames(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['name', 'name_ar', 'name_fr'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function shopStaffIds(db: Executor, shopId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_employees')
    .select('user_id')
    .where('shop_id', '=', shopId)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function pcategoryOf(db: Executor, psubcategoryId: number) {
  const row = await db
    .selectFrom('psubcategories')
    .select('pcategory_id')
    .where('id', '=', psubcategoryId)
    .executeTakeFirst();
  return row?.pcategory_id ?? null;
}

/**
 * Who has an open demand in the subcategory (not sold, some still wanted), other than the given
 * shop and user: each demand's poster, or its shop's owner when the poster is gone. Posters of
 * the most recent demands first, at most `limit`.
 */
export async function openDemandHolders(
  db: Executor,
  where: {
    psubcategoryId: number;
    exceptShopId: number;
    exceptUserId: number | null;
    limit: number;
  },
): Promise<number[]> {
  const recipient = sql<number>`coalesce(products.user_id, shop_employees.user_id)`;
  const rows = await db
    .selectFrom('products')
    .leftJoin('shop_employees', (join) =>
      join
        .onRef('shop_employees.shop_id', '=', 'products.shop_id')
        .on('shop_employees.role', '=', 'owner')
        .on('products.user_id', 'is', null),
    )
    .select(recipient.as('user_id'))
    .where('products.type', '=', 'demand')
    .where('products.psubcategory_id', '=', where.psubcategoryId)
    .where('products.sold', '=', 0)
    .where(liveProduct())
    .whereRef('products.sold_count', '<', 'products.number')
    .where('products.shop_id', '!=', where.exceptShopId)
    .where(recipient, 'is not', null)
    .$if(where.exceptUserId !== null, (q) => q.where(recipient, '!=', where.exceptUserId!))
    .groupBy(recipient)
    .orderBy(sql`max(products.created_at)`, 'desc')
    .orderBy(recipient)
    .limit(where.limit)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/**
 * The staff of shops of the category, other than the given shop and user: professional shops
 * first, then the oldest shops, at most `limit`.
 */
export async function staffOfShopsIn(
  db: Executor,
  where: { pcategoryId: number; exceptShopId: number; exceptUserId: number | null; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_employees')
    .innerJoin('shops', 'shops.id', 'shop_employees.shop_id')
    .select('shop_employees.user_id')
    .where('shops.pcategory_id', '=', where.pcategoryId)
    .where('shops.id', '!=', where.exceptShopId)
    .$if(where.exceptUserId !== null, (q) =>
      q.where('shop_employees.user_id', '!=', where.exceptUserId!),
    )
    .groupBy('shop_employees.user_id')
    .orderBy(sql`max(shops.is_professional)`, 'desc')
    .orderBy(sql`min(shops.id)`)
    .orderBy('shop_employees.user_id')
    .limit(where.limit)
    .execute();
  return rows.map((r) => r.user_id);
}

// ---- The reader's own notifications --------------------------------------------------------

// Built and compiled once: every signed-in page reads it (compiled-once.ts).
const unreadRow = compiledOnce(1, (db: Executor, userId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null),
);

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await unreadRow(db, userId);
  return Number(row.count);
}

/** Newest first; `kinds` narrows to a filter of the list page. */
export async function pageOf(
  db: Executor,
  userId: number,
  kinds: readonly NotificationKind[] | null,
  page: number,
  perPage: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const base = db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .$if(kinds !== null, (q) => q.where('type', 'in', kinds!));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findOwn(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks one as read; a read one keeps its first read_at. */
export async function markRead(db: Executor, userId: number, id: number, at: string) {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Marks every unread one (of the given kinds) as read; answers how many it marked. */
export async function markAllRead(
  db: Executor,
  userId: number,
  kinds: readonly NotificationKind[] | null,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(kinds !== null, (q) => q.where('type', 'in', kinds!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteOwn(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Of these users, those who may still hold a stream: not banned, not deleted (issue 29 item 1).
 * In chunks, so that a process with many streams stays under every engine's parameter limit.
 */
export async function usersStillAllowed(db: Executor, userIds: number[]): Promise<Set<number>> {
  const allowed = new Set<number>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', userIds.slice(i, i + 500))
      .where('banned_at', 'is', null)
      .execute();
    for (const row of rows) allowed.add(row.id);
  }
  return allowed;
}
