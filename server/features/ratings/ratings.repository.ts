import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/types';
import { now } from '../../db/connect';
import { shopPhoneVerifiedAt } from '../shops/verified-phone.repository';

// The only Kysely code of seller ratings (issue 32 item 5, docs/ratings.md). A rating counts (in
// lists, averages and counts) while it is visible and its buyer is not banned; a deleted buyer's
// ratings went with the account (foreign key).

/** Ratings that count, as a condition over `ratings` joined with their buyer `users`. */
function counted(eb: ExpressionBuilder<Database, 'ratings' | 'users'>) {
  return eb.and([
    eb('ratings.moderation_status', '=', 'visible'),
    eb('users.banned_at', 'is', null),
  ]);
}

/**
 * A shop's rating sum and count, as subqueries of a query over `shops` (the shops repository
 * adds them to every shop it builds): read through `ratings_shop_created`, no stored counter to
 * drift when a buyer is banned, deleted or a rating hidden.
 */
export const shopRatingColumns = (eb: ExpressionBuilder<Database, 'shops'>) => [
  eb
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select((r) => r.fn.sum<number>('ratings.stars').as('n'))
    .whereRef('ratings.shop_id', '=', 'shops.id')
    .where(counted)
    .as('rating_sum'),
  eb
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select((r) => r.fn.countAll<number>().as('n'))
    .whereRef('ratings.shop_id', '=', 'shops.id')
    .where(counted)
    .as('rating_count'),
];

/** Sum and count over the shops a user owns (a user's rating on their page). */
export async function ownerRating(db: Executor, userId: number) {
  const row = await db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .innerJoin('shop_employees', (j) =>
      j
        .onRef('shop_employees.shop_id', '=', 'ratings.shop_id')
        .on('shop_employees.role', '=', 'owner'),
    )
    .where('shop_employees.user_id', '=', userId)
    .where(counted)
    .select((eb) => [
      eb.fn.sum<number>('ratings.stars').as('sum'),
      eb.fn.countAll<number>().as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { sum: Number(row.sum ?? 0), count: Number(row.n) };
}

/** A shop's rating sum and count (the trust signals). */
export async function shopRating(db: Executor, shopId: number) {
  const row = await db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .where('ratings.shop_id', '=', shopId)
    .where(counted)
    .select((eb) => [
      eb.fn.sum<number>('ratings.stars').as('sum'),
      eb.fn.countAll<number>().as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { sum: Number(row.sum ?? 0), count: Number(row.n) };
}

function selectRatings(db: Executor) {
  return db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .selectAll('ratings')
    .select([
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
      'users.photo as user_photo',
      'users.banned_at as user_banned_at',
    ]);
}
export type RatingListRow = Awaited<ReturnType<ReturnType<typeof selectRatings>['execute']>>[0];

export function findRating(db: Executor, id: number) {
  return selectRatings(db).where('ratings.id', '=', id).executeTakeFirst();
}

export function ratingOfCommand(db: Executor, commandId: number) {
  return selectRatings(db).where('ratings.command_id', '=', commandId).executeTakeFirst();
}

/** A page of the shop's ratings that count, newest first, and how many count in all. */
export async function listRatings(
  db: Executor,
  q: { shopId: number; limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    selectRatings(db)
      .where('ratings.shop_id', '=', q.shopId)
      .where(counted)
      .orderBy('ratings.created_at', 'desc')
      .orderBy('ratings.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    shopRating(db, q.shopId),
  ]);
  return { rows, total: total.count };
}

export async function insertRating(
  db: Executor,
  values: {
    shop_id: number;
    user_id: number;
    command_id: number;
    product_id: number;
    stars: number;
    text: string | null;
  },
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('ratings')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the buyer has rated the shop already (for any command). */
export async function hasRatedShop(db: Executor, shopId: number, userId: number) {
  const row = await db
    .selectFrom('ratings')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/** The shop's one answer; false when it was answered already (or the rating is gone). */
export async function setAnswer(
  db: Executor,
  id: number,
  userId: number,
  text: string,
): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('ratings')
    .set({ answer_text: text, answer_user_id: userId, answered_at: at, updated_at: at })
    .where('id', '=', id)
    .where('answer_text', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A moderator's delete (moderation.service): false when it was gone already. */
export async function removeRating(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ratings').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The shop's owner account (member since) and its verified number (issue 21's rule). */
export function shopOwnerFacts(db: Executor, shopId: number) {
  return db
    .selectFrom('shops')
    .innerJoin('shop_employees', 'shop_employees.shop_id', 'shops.id')
    .innerJoin('users', 'users.id', 'shop_employees.user_id')
    .select((eb) => ['users.created_at', shopPhoneVerifiedAt(eb).as('phone_verified_at')])
    .where('shops.id', '=', shopId)
    .where('shop_employees.role', '=', 'owner')
    .executeTakeFirst();
}

/**
 * Item 8: when each comment and command on the shop's offers since `since` was asked, first
 * replied to by the shop's staff, and (commands) accepted. One query, the latest `limit` questions
 * by outsiders, answered or not; the service takes the earlier of a reply and an acceptance.
 */
export async function responseTimes(db: Executor, shopId: number, since: string, limit: number) {
  const staff = db.selectFrom('shop_employees').select('user_id').where('shop_id', '=', shopId);
  const firstReply = (type: 'comment' | 'command', at: Expression<number>) =>
    db
      .selectFrom('comments as r')
      .select((eb) => eb.fn.min<string>('r.created_at').as('at'))
      .where('r.commentable_type', '=', type)
      .where('r.commentable_id', '=', at)
      .where('r.user_id', 'in', staff);
  const comments = db
    .selectFrom('comments as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .where('p.shop_id', '=', shopId)
    .where('c.commentable_type', '=', 'product')
    .where('c.created_at', '>=', since)
    .where('c.user_id', 'not in', staff)
    .select((eb) => [
      'c.created_at as asked_at',
      firstReply('comment', eb.ref('c.id')).as('replied_at'),
      sql<string | null>`null`.as('accepted_at'),
    ]);
  const commands = db
    .selectFrom('commands as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .where('p.shop_id', '=', shopId)
    .where('m.created_at', '>=', since)
    .select((eb) => [
      'm.created_at as asked_at',
      firstReply('command', eb.ref('m.id')).as('replied_at'),
      'm.accepted_at',
    ]);
  return db
    .selectFrom(comments.unionAll(commands).as('q'))
    .selectAll()
    .orderBy('asked_at', 'desc')
    .limit(limit)
    .execute();
}
