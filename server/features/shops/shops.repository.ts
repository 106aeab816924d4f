import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Database, Dialect, Executor, ShopsTable } from '../../db/types';
import { now } from '../../db/connect';
import type { ShopRole } from '../../../shared/constants';
import { shopPhoneVerifiedAt } from './verified-phone.repository';
import { shopRatingColumns } from '../ratings/ratings.repository';
import { liveProduct } from '../products/listing.repository';

// The only Kysely code of the shops feature. Every function takes the database or a transaction.

/** A shop's offer and demand counts, as subqueries of a query over `shops`. */
const productCounts = (eb: ExpressionBuilder<Database, 'shops'>) => [
  eb
    .selectFrom('products')
    .select((p) => p.fn.countAll<number>().as('n'))
    .whereRef('products.shop_id', '=', 'shops.id')
    .where('products.type', '=', 'offer')
    .as('offers_count'),
  eb
    .selectFrom('products')
    .select((p) => p.fn.countAll<number>().as('n'))
    .whereRef('products.shop_id', '=', 'shops.id')
    .where('products.type', '=', 'demand')
    .as('demands_count'),
];

function shopsWithExtras(db: Executor) {
  return db
    .selectFrom('shops')
    .leftJoin('pcategories', 'pcategories.id', 'shops.pcategory_id')
    .selectAll('shops')
    .select('pcategories.name as pcategory_name')
    .select(productCounts)
    .select((eb) => shopPhoneVerifiedAt(eb).as('phone_verified_at'))
    .select(shopRatingColumns);
}
export type ShopWithExtras = NonNullable<
  Awaited<ReturnType<ReturnType<typeof shopsWithExtras>['executeTakeFirst']>>
>;

export function findShop(db: Executor, id: number) {
  return shopsWithExtras(db).where('shops.id', '=', id).executeTakeFirst();
}

export function findShopRow(db: Executor, id: number) {
  return db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Issue 35 item 11: whether the shop has a live offer (liveProduct, the one rule of what a list
 * may show), as a 1/0 of a query over `shops`. Each shop is one probe of `products_search_shop`
 * (shop_id, type, id) that stops at its first live offer.
 */
const hasLiveOffer = (eb: ExpressionBuilder<Database, 'shops'>) =>
  eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.shop_id', '=', 'shops.id')
          .where('products.type', '=', 'offer')
          .where(liveProduct()),
      ),
    )
    .then(1)
    .else(0)
    .end();

/**
 * SPEC §7's shop list: shops with a live offer first (issue 35 item 11: a visitor met a row of
 * new, empty shops), then professional shops first, then the newest; empty shops stay listed,
 * last. The page's ids come first, in that order, with their rank; only those rows are then built
 * with their category and counts. PostgreSQL computes a row's subqueries even for the rows an
 * offset skips, so building every row up to a deep page cost more than the index saved. The rank
 * costs one index probe per shop (docs/shops-users.md, figures).
 */
export function listShopsQuery(db: Executor, offset: number, limit: number) {
  const page = db
    .selectFrom('shops')
    .select('id')
    .select((eb) => hasLiveOffer(eb).as('live'))
    .orderBy('live', 'desc')
    .orderBy('is_professional', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit);
  // CROSS JOIN: SQLite keeps the written order, so the page's ids drive the lookups (an inner
  // join let it scan every shop to skip the final sort). PostgreSQL plans it as an inner join.
  return db
    .selectFrom(page.as('page'))
    .crossJoin('shops')
    .whereRef('shops.id', '=', 'page.id')
    .leftJoin('pcategories', 'pcategories.id', 'shops.pcategory_id')
    .selectAll('shops')
    .select('pcategories.name as pcategory_name')
    .select(productCounts)
    .select((eb) => shopPhoneVerifiedAt(eb).as('phone_verified_at'))
    .select(shopRatingColumns)
    .orderBy('page.live', 'desc')
    .orderBy('shops.is_professional', 'desc')
    .orderBy('shops.created_at', 'desc')
    .orderBy('shops.id', 'desc');
}

export function listShops(db: Executor, offset: number, limit: number) {
  return listShopsQuery(db, offset, limit).execute();
}

export async function countShops(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pcategoryExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('pcategories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst());
}

export async function insertShop(
  db: Executor,
  values: Omit<Insertable<ShopsTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('shops')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateShop(
  db: Executor,
  id: number,
  changes: Updateable<ShopsTable>,
): Promise<void> {
  await db
    .updateTable('shops')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * On PostgreSQL, locks the shops until the transaction ends, so that no product (or file) can be
 * added to them between reading what to remove and removing it. SQLite runs one writer at a time.
 */
export async function lockShops(db: Executor, dialect: Dialect, ids: number[]): Promise<void> {
  if (dialect !== 'postgres' || !ids.length) return;
  await db.selectFrom('shops').select('id').where('id', 'in', ids).forUpdate().execute();
}

/** Names of the stored files that go with these shops: logos, covers, their products' media. */
export async function mediaNamesOfShops(db: Executor, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const files = await db
    .selectFrom('product_files')
    .innerJoin('products', 'products.id', 'product_files.product_id')
    .select('product_files.name')
    .where('products.shop_id', 'in', ids)
    .execute();
  const shops = await db
    .selectFrom('shops')
    .select(['logo', 'cover'])
    .where('id', 'in', ids)
    .execute();
  return [
    ...files.map((f) => f.name),
    ...shops.flatMap((s) => [s.logo, s.cover]).filter((n): n is string => !!n),
  ];
}

/** Deletes the shops; their products and everything under those go by FK cascade. */
export async function deleteShops(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('shops').where('id', 'in', ids).execute();
}

// Owner first, then admins, moderators and employees, each in the order they joined.
const roleRank = (eb: ExpressionBuilder<Database, 'shop_employees'>) =>
  eb
    .case()
    .when('shop_employees.role', '=', 'owner')
    .then(0)
    .when('shop_employees.role', '=', 'admin')
    .then(1)
    .when('shop_employees.role', '=', 'moderator')
    .then(2)
    .else(3)
    .end();

export function employeesOf(db: Executor, shopId: number) {
  return db
    .selectFrom('shop_employees')
    .innerJoin('users', 'users.id', 'shop_employees.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.photo',
      'shop_employees.role',
    ])
    .where('shop_employees.shop_id', '=', shopId)
    .orderBy(roleRank)
    .orderBy('shop_employees.created_at')
    .orderBy('users.id')
    .execute();
}
export type EmployeeRow = Awaited<ReturnType<typeof employeesOf>>[number];

export function findEmployee(db: Executor, shopId: number, userId: number) {
  return db
    .selectFrom('shop_employees')
    .innerJoin('users', 'users.id', 'shop_employees.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.photo',
      'shop_employees.role',
    ])
    .where('shop_employees.shop_id', '=', shopId)
    .where('shop_employees.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The user's role in the shop, null when not on its staff (or anonymous). The one lookup of a
 * shop role: products and commands ask it here too.
 */
export async function shopRoleOf(
  db: Executor,
  shopId: number,
  userId: number | undefined,
): Promise<ShopRole | null> {
  if (userId === undefined) return null;
  const row = await db
    .selectFrom('shop_employees')
    .select('role')
    .where('shop_id', '=', shopId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function insertEmployee(
  db: Executor,
  shopId: number,
  userId: number,
  role: ShopRole,
): Promise<void> {
  await db
    .insertInto('shop_employees')
    .values({ shop_id: shopId, user_id: userId, role, created_at: now() })
    .execute();
}

export async function setEmployeeRole(
  db: Executor,
  shopId: number,
  userId: number,
  role: ShopRole,
): Promise<void> {
  await db
    .updateTable('shop_employees')
    .set({ role })
    .where('shop_id', '=', shopId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .execute();
}

export async function deleteEmployee(db: Executor, shopId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('shop_employees')
    .where('shop_id', '=', shopId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .execute();
}

/** The user's personal shop (DESIGN §6): the first shop they own, made at registration. */
export async function personalShopIdOf(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('shop_employees')
    .innerJoin('shops', 'shops.id', 'shop_employees.shop_id')
    .select(['shops.id', 'shops.is_professional'])
    .where('shop_employees.user_id', '=', userId)
    .where('shop_employees.role', '=', 'owner')
    .orderBy('shops.id')
    .limit(1)
    .executeTakeFirst();
  return row && !row.is_professional ? row.id : null;
}

export async function ownerIdOf(db: Executor, shopId: number): Promise<number | null> {
  const row = await db
    .selectFrom('shop_employees')
    .select('user_id')
    .where('shop_id', '=', shopId)
    .where('role', '=', 'owner')
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Shops this user owns with no other owner: they go when the user goes (DESIGN §5). */
export async function shopsOwnedOnlyBy(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_employees as mine')
    .select('mine.shop_id')
    .where('mine.user_id', '=', userId)
    .where('mine.role', '=', 'owner')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('shop_employees as other')
            .select('other.user_id')
            .whereRef('other.shop_id', '=', 'mine.shop_id')
            .where('other.role', '=', 'owner')
            .where('other.user_id', '!=', userId),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.shop_id);
}
