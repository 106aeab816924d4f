import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../db/types';
import type { ShopRole, MyProductStatus } from '../../../shared/constants';
import { LISTING_NOTICE_DAYS } from '../../../shared/constants';
import { DAY_MS } from '../../../shared/domain/listing';
import { cardQuery } from './cards.repository';

// Renewals, bumps and sales of offers and demands, and their owners' list (issue 32,
// docs/lifecycle.md). Each write is guarded by the value it read, so that of two requests at once
// one wins and the other sees the change (and is refused), on both engines.

/** Sets a new expires_at if it is still `was` (false: another renewal or bump got there first). */
export async function renew(db: Executor, id: number, was: string, expiresAt: string, at: string) {
  const result = await db
    .updateTable('products')
    .set({ expires_at: expiresAt, updated_at: at })
    .where('id', '=', id)
    .where('expires_at', '=', was)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Bumps (and renews) if the last bump is still `was`. */
export async function bump(
  db: Executor,
  id: number,
  was: string | null,
  expiresAt: string,
  at: string,
) {
  const result = await db
    .updateTable('products')
    .set({ bumped_at: at, expires_at: expiresAt, updated_at: at })
    .where('id', '=', id)
    .where('bumped_at', was === null ? 'is' : '=', was)
    .where('sold_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the sale that ends the listing, if none did yet (false: one already did). */
export async function markSold(db: Executor, id: number, at: string) {
  const result = await db
    .updateTable('products')
    .set({ sold: 1, sold_at: at, updated_at: at })
    .where('id', '=', id)
    .where('sold_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Undoes a sale made after `since` (false otherwise), and for a countable offer only while some
 * stock is left. SPEC's sold flag goes back to what the accepted commands make it.
 */
export async function unmarkSold(
  db: Executor,
  id: number,
  since: string,
  at: string,
  countable: boolean,
) {
  const result = await db
    .updateTable('products')
    .set({
      sold: sql<number>`case when sold_count >= number then 1 else 0 end`,
      sold_at: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('sold_at', '>', since)
    .$if(countable, (q) => q.whereRef('sold_count', '<', 'number'))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Who saved the product, the latest savers first, at most `limit`. */
export async function saverIds(db: Executor, productId: number, limit: number) {
  const rows = await db
    .selectFrom('saves')
    .select('user_id')
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Adds one to the offer's bumps of `day` (the shop's insights). */
export async function countBump(db: Executor, productId: number, day: string) {
  await db
    .insertInto('product_daily_stats')
    .values({ product_id: productId, day, bump_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'day'])
        .doUpdateSet({ bump_count: sql<number>`product_daily_stats.bump_count + 1` }),
    )
    .execute();
}

// ---- "My offers" ---------------------------------------------------------------------------

/** The shops the user is on the staff of, with their role. */
export async function rolesOf(db: Executor, userId: number): Promise<Map<number, ShopRole>> {
  const rows = await db
    .selectFrom('shop_employees')
    .select(['shop_id', 'role'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.shop_id, r.role]));
}

const visible = sql<SqlBool>`products.moderation_status = 'visible'`;
/** No sale ended it (shared/domain/listing.ts). */
const unsold = sql<SqlBool>`products.sold_at is null`;

/** The condition of each tab (live holds the expiring ones too: the tabs' counts say so). */
function statusCondition(status: MyProductStatus, at: string): Expression<SqlBool> {
  const soon = new Date(Date.parse(at) + LISTING_NOTICE_DAYS * DAY_MS).toISOString();
  switch (status) {
    case 'live':
      return sql<SqlBool>`(${visible} and ${unsold} and products.expires_at > ${at})`;
    case 'expiring':
      return sql<SqlBool>`(${visible} and ${unsold} and products.expires_at > ${at}
        and products.expires_at <= ${soon})`;
    case 'expired':
      return sql<SqlBool>`(${visible} and ${unsold} and products.expires_at <= ${at})`;
    case 'sold':
      return sql<SqlBool>`(${visible} and products.sold_at is not null)`;
    case 'hidden':
      return sql<SqlBool>`products.moderation_status <> 'visible'`;
  }
}

const ORDER: Record<MyProductStatus, ReturnType<typeof sql>> = {
  live: sql`coalesce(products.bumped_at, products.created_at) desc`,
  expiring: sql`products.expires_at asc`,
  expired: sql`products.expires_at desc`,
  sold: sql`products.sold_at desc`,
  hidden: sql`products.updated_at desc`,
};

export interface MyProductsQuery {
  shopIds: number[];
  type: 'offer' | 'demand';
  status: MyProductStatus;
  at: string;
  limit: number;
  offset: number;
}

/** The page of the tab, as cards with the columns "My offers" adds. */
export function myProducts(db: Executor, q: MyProductsQuery) {
  return cardQuery(db)
    .select(['products.user_id', 'products.moderation_status'])
    .where('products.shop_id', 'in', q.shopIds)
    .where('products.type', '=', q.type)
    .where(statusCondition(q.status, q.at))
    .orderBy(ORDER[q.status])
    .orderBy('products.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}

/** How many products each tab holds (one read). */
export async function myCounts(
  db: Executor,
  q: Pick<MyProductsQuery, 'shopIds' | 'type' | 'at'>,
): Promise<Record<MyProductStatus, number>> {
  const sum = (status: MyProductStatus) =>
    sql<number>`sum(case when ${statusCondition(status, q.at)} then 1 else 0 end)`.as(status);
  const row = await db
    .selectFrom('products')
    .select([sum('live'), sum('expiring'), sum('expired'), sum('sold'), sum('hidden')])
    .where('products.shop_id', 'in', q.shopIds)
    .where('products.type', '=', q.type)
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    live: n(row.live),
    expiring: n(row.expiring),
    expired: n(row.expired),
    sold: n(row.sold),
    hidden: n(row.hidden),
  };
}

// ---- Housekeeping (listing-housekeeping.ts) ------------------------------------------------

/**
 * Live, unsold, visible products ending by `soon` whose notice of this period is not sent, after
 * the (expires_at, id) cursor, in that order.
 */
export function expiringWithoutNotice(
  db: Executor,
  soon: string,
  after: { expires: string; id: number },
  limit: number,
) {
  return db
    .selectFrom('products')
    .select(['id', 'type', 'shop_id', 'user_id', 'expires_at', 'name', 'name_ar', 'name_fr'])
    .where('expires_at', '<=', soon)
    .where((eb) =>
      eb.or([
        eb('expires_at', '>', after.expires),
        eb.and([eb('expires_at', '=', after.expires), eb('id', '>', after.id)]),
      ]),
    )
    .where(sql<boolean>`coalesce(expiry_notice_for, '') <> expires_at`)
    .where('sold_at', 'is', null)
    .where('moderation_status', '=', 'visible')
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims the notice of the period ending `expiresAt` (false: sent already, or renewed since). */
export async function claimNotice(db: Executor, id: number, expiresAt: string) {
  const claimed = await db
    .updateTable('products')
    .set({ expiry_notice_for: expiresAt })
    .where('id', '=', id)
    .where('expires_at', '=', expiresAt)
    .where(sql<boolean>`coalesce(expiry_notice_for, '') <> expires_at`)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/**
 * Those of `userIds` who get SMS alerts: turned on, on a verified phone_1 (never a number nobody
 * proved), and not banned.
 */
export function smsAlertRecipients(db: Executor, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'phone_1', 'language'])
    .where('id', 'in', userIds)
    .where('sms_alerts', '=', 1)
    .where('phone_verified_at', 'is not', null)
    .where('banned_at', 'is', null)
    .execute();
}

/** Ids of products that ended before `cutoff`, the oldest first. */
export async function endedBefore(db: Executor, cutoff: string, limit: number) {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('expires_at', '<', cutoff)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes those of `ids` still ended before `cutoff` (one renewed meanwhile stays), and answers
 * the media names of the deleted ones, read before (their rows go by cascade).
 */
export async function deleteEnded(db: Executor, ids: number[], cutoff: string) {
  const files = await db
    .selectFrom('product_files')
    .select(['product_id', 'name'])
    .where('product_id', 'in', ids)
    .execute();
  const gone = await db
    .deleteFrom('products')
    .where('id', 'in', ids)
    .where('expires_at', '<', cutoff)
    .returning('id')
    .execute();
  const deleted = new Set(gone.map((r) => r.id));
  return {
    count: deleted.size,
    names: files.filter((f) => deleted.has(f.product_id)).map((f) => f.name),
  };
}
