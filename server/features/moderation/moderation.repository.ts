import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ModeratedType } from '../../../shared/domain/trust';

// The moderation queue, its items' reports, the audit log and bans. Kysely only here.

export type QueueFilter = 'open' | 'review' | 'hidden' | 'all';
export type QueueSort = 'newest' | 'most_reported';

function queueBase(db: Executor, filter: QueueFilter) {
  let query = db
    .selectFrom('moderation_items')
    .leftJoin('products', (j) =>
      j
        .onRef('products.id', '=', 'moderation_items.target_id')
        .on('moderation_items.target_type', '=', 'product'),
    )
    .leftJoin('comments', (j) =>
      j
        .onRef('comments.id', '=', 'moderation_items.target_id')
        .on('moderation_items.target_type', '=', 'comment'),
    )
    .leftJoin('commands', (j) =>
      j
        .onRef('commands.id', '=', 'moderation_items.target_id')
        .on('moderation_items.target_type', '=', 'command'),
    )
    .leftJoin('ratings', (j) =>
      j
        .onRef('ratings.id', '=', 'moderation_items.target_id')
        .on('moderation_items.target_type', '=', 'rating'),
    );
  const status = sql<string | null>`coalesce(products.moderation_status,
    comments.moderation_status, commands.moderation_status, ratings.moderation_status)`;
  if (filter === 'open') query = query.where('moderation_items.pending', '=', 1);
  if (filter === 'review') query = query.where(sql<boolean>`${status} = 'review'`);
  if (filter === 'hidden') query = query.where(sql<boolean>`${status} in ('hidden','banned')`);
  // Items deleted since (by anyone) leave the queue.
  return query.where(sql<boolean>`${status} is not null`);
}

export async function queuePage(
  db: Executor,
  q: { filter: QueueFilter; sort: QueueSort; limit: number; offset: number },
) {
  const base = queueBase(db, q.filter);
  let page = base
    .select([
      'moderation_items.target_type as type',
      'moderation_items.target_id as id',
      'moderation_items.pending',
      'moderation_items.flag',
      'moderation_items.reports_count',
      'moderation_items.last_event_at',
    ])
    .limit(q.limit)
    .offset(q.offset);
  if (q.sort === 'most_reported') page = page.orderBy('moderation_items.reports_count', 'desc');
  page = page
    .orderBy('moderation_items.last_event_at', 'desc')
    .orderBy('moderation_items.id', 'desc');
  const [rows, total] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function queueRow(db: Executor, type: ModeratedType, id: number) {
  return db
    .selectFrom('moderation_items')
    .select([
      'target_type as type',
      'target_id as id',
      'pending',
      'flag',
      'reports_count',
      'last_event_at',
    ])
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .executeTakeFirst();
}

const person = [
  'users.id as user_id',
  'users.first_name',
  'users.last_name',
  'users.created_at as user_created_at',
  'users.banned_at',
] as const;

/** What a moderator reads of the item: its text, status and author. */
export async function itemDetail(db: Executor, type: ModeratedType, id: number) {
  if (type === 'product') {
    return db
      .selectFrom('products')
      .leftJoin('users', 'users.id', 'products.user_id')
      .select([
        'products.id as product_id',
        'products.name as title',
        'products.description as text',
        'products.moderation_status',
        ...person,
      ])
      .where('products.id', '=', id)
      .executeTakeFirst();
  }
  if (type === 'rating') {
    // A rating's title is the rated shop's name (its offer may be gone).
    return db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .innerJoin('shops', 'shops.id', 'ratings.shop_id')
      .select([
        'ratings.product_id as product_id',
        'shops.name as title',
        'ratings.text as text',
        'ratings.moderation_status as moderation_status',
        ...person,
      ])
      .where('ratings.id', '=', id)
      .executeTakeFirst();
  }
  const table = type === 'comment' ? 'comments' : 'commands';
  return (
    db
      .selectFrom(table)
      // A deleted account's comment or command stays, with no author (issue 34 item 5).
      .leftJoin('users', 'users.id', `${table}.user_id`)
      .select([
        `${table}.product_id as product_id`,
        sql<string | null>`null`.as('title'),
        `${table}.text as text`,
        `${table}.moderation_status as moderation_status`,
        ...person,
      ])
      .where(`${table}.id`, '=', id)
      .executeTakeFirst()
  );
}

/** The item's reports, newest first, with their reporters (at most `limit`). */
export function reportsOf(db: Executor, type: ModeratedType, id: number, limit: number) {
  const columns = ['reason', 'text', 'status', 'created_at'] as const;
  if (type === 'product') {
    return db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.user_id')
      .select(columns.map((c) => `reports.${c}` as const))
      .select(person)
      .where('reports.product_id', '=', id)
      .orderBy('reports.created_at', 'desc')
      .limit(limit)
      .execute();
  }
  return db
    .selectFrom('item_reports')
    .innerJoin('users', 'users.id', 'item_reports.user_id')
    .select(columns.map((c) => `item_reports.${c}` as const))
    .select(person)
    .where(`item_reports.${type}_id`, '=', id)
    .orderBy('item_reports.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function logPage(db: Executor, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('moderation_log')
      .leftJoin('users', 'users.id', 'moderation_log.actor_id')
      .select([
        'moderation_log.id',
        'moderation_log.action',
        'moderation_log.target_type',
        'moderation_log.target_id',
        'moderation_log.note',
        'moderation_log.created_at',
        'users.id as actor_id',
        'users.first_name',
        'users.last_name',
      ])
      .orderBy('moderation_log.created_at', 'desc')
      .orderBy('moderation_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('moderation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findUser(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role', 'banned_at', 'ban_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Bans (or unbans, with null) the account; its offers hide (or show again) with it. */
export async function setBan(
  db: Executor,
  userId: number,
  ban: { reason: string | null } | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ banned_at: ban ? now() : null, ban_reason: ban ? ban.reason : null })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('products')
    .set({ moderation_status: ban ? 'banned' : 'visible' })
    .where('user_id', '=', userId)
    .where('moderation_status', '=', ban ? 'visible' : 'banned')
    .execute();
  if (ban) await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function logAction(
  db: Executor,
  actorId: number,
  action: string,
  type: ModeratedType | 'user',
  id: number,
  note: string | null,
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      actor_id: actorId,
      action,
      target_type: type,
      target_id: id,
      note,
      created_at: now(),
    })
    .execute();
}
