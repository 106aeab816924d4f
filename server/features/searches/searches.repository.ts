import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor, SavedSearchesTable } from '../../db/types';

// The only Kysely code of saved searches: the owner's list, and the alert state (new matches
// since the last visit, matches not yet told, when the owner was last told). Every read or
// write of a user's searches is scoped by `user_id` in the statement itself.

export type SavedSearchRow = Selectable<SavedSearchesTable>;

export function listOwn(db: Executor, userId: number): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export async function countOwn(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insert(db: Executor, row: Insertable<SavedSearchesTable>) {
  return db.insertInto('saved_searches').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteOwn(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner opened the search: no new matches since now. Undefined: not theirs. */
export function markSeen(db: Executor, userId: number, id: number, at: string) {
  return db
    .updateTable('saved_searches')
    .set({ new_count: 0, last_seen_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

// ---- Alerts ------------------------------------------------------------------------------

/** What a new product is matched by: its row's searchable facts, its shop's staff. */
export function productForAlerts(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'type',
      'name',
      'shop_id',
      'user_id',
      'psubcategory_id',
      'price',
      'negotiable',
      'used',
      'delivery',
      'offer_type',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type AlertProduct = NonNullable<Awaited<ReturnType<typeof productForAlerts>>>;

/**
 * A page of the searches for this product type, by id, other than the given owners' (the
 * product's poster and its shop's staff: their own offers are not news to them).
 */
export function searchesOfType(
  db: Executor,
  where: { type: string; exceptUserIds: number[]; afterId: number; limit: number },
): Promise<Pick<SavedSearchRow, 'id' | 'user_id' | 'query'>[]> {
  return db
    .selectFrom('saved_searches')
    .select(['id', 'user_id', 'query'])
    .where('product_type', '=', where.type)
    .where('id', '>', where.afterId)
    .$if(where.exceptUserIds.length > 0, (q) => q.where('user_id', 'not in', where.exceptUserIds))
    .orderBy('id')
    .limit(where.limit)
    .execute();
}

/**
 * One more match: counted as new and as not yet told. The UPDATE comes first in the alert's
 * transaction, so that it holds the row (PostgreSQL) until the alert is decided.
 */
export async function addMatch(db: Executor, id: number, productId: number): Promise<void> {
  await db
    .updateTable('saved_searches')
    .set({
      new_count: sql`new_count + 1`,
      pending_count: sql`pending_count + 1`,
      pending_product_id: productId,
    })
    .where('id', '=', id)
    .execute();
}

/** Holds the row for the rest of the transaction (a no-op UPDATE: SQLite has no FOR UPDATE). */
export async function lock(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('saved_searches')
    .set({ pending_count: sql`pending_count` })
    .where('id', '=', id)
    .execute();
}

export function find(db: Executor, id: number) {
  return db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markAlerted(db: Executor, id: number, at: string): Promise<void> {
  await db
    .updateTable('saved_searches')
    .set({ pending_count: 0, pending_product_id: null, last_alert_at: at })
    .where('id', '=', id)
    .execute();
}

/** Searches with matches not yet told whose last alert is older than `before`. */
export async function dueIds(db: Executor, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select('id')
    .where('pending_count', '>', 0)
    .where((eb) => eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<=', before)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function productName(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'type', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
