import { sql, type Insertable, type Selectable } from 'kysely';
import type { Dialect, Executor, SavedSearchesTable } from '../../db/types';

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

export async function accountCreatedAt(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.created_at ?? null;
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

/** What a new product is matched by: its row's searchable facts and its category. */
export function productForAlerts(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .innerJoin('psubcategories', 'psubcategories.id', 'products.psubcategory_id')
    .select([
      'products.id',
      'products.type',
      'products.name',
      'products.shop_id',
      'products.user_id',
      'products.psubcategory_id',
      'psubcategories.pcategory_id',
      'products.price',
      'products.negotiable',
      'products.used',
      'products.delivery',
      'products.offer_type',
      'products.latitude',
      'products.longitude',
      'products.search_text',
      'products.search_stems',
      'products.search_related',
      'products.moderation_status',
    ])
    .where('products.id', '=', id)
    .executeTakeFirst();
}

export type AlertProduct = NonNullable<Awaited<ReturnType<typeof productForAlerts>>>;

/** The product's field values, by field. */
export async function productValues(db: Executor, productId: number) {
  const rows = await db
    .selectFrom('product_pfield')
    .select(['pfield_id', 'value', 'sub_value'])
    .where('product_id', '=', productId)
    .execute();
  return new Map(rows.map((r) => [r.pfield_id, { value: r.value, sub_value: r.sub_value }]));
}

export function pfieldsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('pfields').selectAll().where('id', 'in', ids).execute();
}

export type Candidate = Pick<SavedSearchRow, 'id' | 'user_id' | 'query'>;

/**
 * One statement over every saved search (issue 29 item 3): a page of those whose filter columns
 * (migration 022) the product meets, by id, other than the given owners' (the product's poster
 * and its shop's staff: their own offers are not news to them), through the index (product_type,
 * id); the words, field values and exact distance are left to JS
 * (saved-search-criteria.ts). Each test is the search's own condition (search-conditions.ts)
 * turned around: a bound the product's price is outside of, a flag it does not have.
 */
export function candidates(
  db: Executor,
  p: CandidateFacts,
  where: { exceptUserIds: number[]; afterId: number; limit: number },
): Promise<Candidate[]> {
  return candidatesQuery(db, p, where).execute();
}

/** What the statement reads of the product. */
export type CandidateFacts = Pick<
  AlertProduct,
  | 'type'
  | 'psubcategory_id'
  | 'pcategory_id'
  | 'price'
  | 'offer_type'
  | 'negotiable'
  | 'used'
  | 'delivery'
  | 'latitude'
  | 'longitude'
>;

/** The statement of `candidates`, unexecuted (its plan is tested). */
export function candidatesQuery(
  db: Executor,
  p: CandidateFacts,
  where: { exceptUserIds: number[]; afterId: number; limit: number },
) {
  return db
    .selectFrom('saved_searches')
    .select(['id', 'user_id', 'query'])
    .where('product_type', '=', p.type)
    .where('match_subcategory', 'in', [0, p.psubcategory_id])
    .where('match_category', 'in', [0, p.pcategory_id])
    .where('id', '>', where.afterId)
    .where((eb) => {
      const either = (
        column: 'match_offer_type' | 'match_negotiable' | 'match_used' | 'match_delivery',
        value: string | null,
      ) =>
        value === null
          ? eb(column, 'is', null)
          : eb.or([eb(column, 'is', null), eb(column, '=', value)]);
      const price = p.price === null ? null : Number(p.price);
      return eb.and([
        price === null
          ? eb('match_min_price', 'is', null)
          : eb.or([eb('match_min_price', 'is', null), eb('match_min_price', '<=', price)]),
        price === null
          ? eb('match_max_price', 'is', null)
          : eb.or([eb('match_max_price', 'is', null), eb('match_max_price', '>=', price)]),
        either('match_offer_type', p.offer_type),
        either('match_negotiable', p.negotiable),
        either('match_used', p.used),
        either('match_delivery', p.delivery),
        // A search within a distance finds only products with a place (the exact distance: JS).
        ...(p.latitude === null || p.longitude === null
          ? [eb('match_distance_km', 'is', null)]
          : []),
      ]);
    })
    .$if(where.exceptUserIds.length > 0, (q) => q.where('user_id', 'not in', where.exceptUserIds))
    .orderBy('id')
    .limit(where.limit);
}

/**
 * The product's matches: counted as new and as not yet told, in one statement. It comes first in
 * the alert's transaction, so that it holds the rows (PostgreSQL) until the alerts are decided.
 */
export async function addMatches(db: Executor, ids: number[], productId: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('saved_searches')
    .set({
      new_count: sql`new_count + 1`,
      pending_count: sql`pending_count + 1`,
      pending_product_id: productId,
    })
    .where('id', 'in', ids)
    .execute();
}

/** The searches among `ids` whose owner may be told now (last told over an hour ago, or never). */
export function dueAmong(db: Executor, ids: number[], before: string) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<=', before)]))
    .orderBy('id')
    .execute();
}

/** Alerts each of these users had since `since`: their searches told since then (one an hour each). */
export async function alertsSince(
  db: Executor,
  userIds: number[],
  since: string,
): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('saved_searches')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('last_alert_at', '>', since)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

// ---- The queue of new offers (migration 022) ---------------------------------------------

/** In the offer's own transaction: the offer waits to be matched. */
export async function enqueue(db: Executor, productId: number, at: string): Promise<void> {
  await db
    .insertInto('saved_search_queue')
    .values({ product_id: productId, queued_at: at, claimed_until: null })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}

/**
 * Claims up to `limit` waiting offers (never claimed, or whose claim ran out) until `until`:
 * one statement; PostgreSQL skips the rows another process is claiming (FOR UPDATE SKIP LOCKED),
 * SQLite has one writer.
 */
export async function claim(
  db: Executor,
  dialect: Dialect,
  at: string,
  until: string,
  limit: number,
): Promise<{ product_id: number; attempts: number }[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<{ product_id: number; attempts: number }>`
    update saved_search_queue set claimed_until = ${until}, attempts = attempts + 1
    where product_id in (select product_id from saved_search_queue
      where claimed_until is null or claimed_until < ${at}
      order by product_id limit ${limit} ${lock})
    returning product_id, attempts`.execute(db);
  return rows.sort((a, b) => a.product_id - b.product_id);
}

/** The offer leaves the queue if this claim still holds it (false: another process took it). */
export async function release(db: Executor, productId: number, until: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_search_queue')
    .where('product_id', '=', productId)
    .where('claimed_until', '=', until)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Offers waiting that a drain may claim now. */
export async function claimable(db: Executor, at: string): Promise<number> {
  const row = await db
    .selectFrom('saved_search_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** Searches after `afterId` with matches not yet told whose last alert is older than `before`. */
export async function dueIds(
  db: Executor,
  before: string,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select('id')
    .where('pending_count', '>', 0)
    .where('id', '>', afterId)
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

export type ProductName = NonNullable<Awaited<ReturnType<typeof productName>>>;
