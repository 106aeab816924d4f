import type { Insertable, Updateable } from 'kysely';
import type { Executor, ProductsTable } from '../../db/types';
import { now } from '../../db/connect';
import type { StoredFile } from '../../media/media';
import { shopPhoneVerifiedAt } from '../shops/verified-phone.repository';

// The only Kysely code of the products feature. Every function takes the database or the
// transaction it runs in.

/**
 * The role lookup and the staff list (owner, admins, moderators, employees; by join date within a
 * role) live with the shops (one home); re-exported for this feature's service.
 */
export { employeesOf, shopRoleOf } from '../shops/shops.repository';

export async function shopExists(db: Executor, shopId: number): Promise<boolean> {
  return !!(await db.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst());
}

/** DESIGN §6: the personal shop made at registration (the user's first non-professional one). */
export async function personalShopId(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('shop_employees')
    .innerJoin('shops', 'shops.id', 'shop_employees.shop_id')
    .select('shops.id')
    .where('shop_employees.user_id', '=', userId)
    .where('shop_employees.role', '=', 'owner')
    .orderBy('shops.is_professional')
    .orderBy('shops.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function findSubcategory(db: Executor, id: number) {
  return db
    .selectFrom('psubcategories')
    .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
    .selectAll('psubcategories')
    .select([
      'pcategories.name as pcategory_name',
      'pcategories.name_ar as pcategory_name_ar',
      'pcategories.name_fr as pcategory_name_fr',
    ])
    .where('psubcategories.id', '=', id)
    .executeTakeFirst();
}
export type SubcategoryRow = NonNullable<Awaited<ReturnType<typeof findSubcategory>>>;

export function pfieldsOf(db: Executor, psubcategoryId: number) {
  return db
    .selectFrom('pfields')
    .selectAll()
    .where('psubcategory_id', '=', psubcategoryId)
    .orderBy('id')
    .execute();
}

export function findProduct(db: Executor, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertProduct(db: Executor, values: Insertable<ProductsTable>) {
  return db.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Applies the changes; when `number` changes, only if it stays at or above sold_count (checked
 * in the same statement, so a concurrent sale cannot slip between; `guardSold` false: a rent
 * offer, whose rents end). False if refused.
 */
export async function updateProduct(
  db: Executor,
  id: number,
  changes: Updateable<ProductsTable>,
  guardSold = true,
): Promise<boolean> {
  let q = db
    .updateTable('products')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id);
  if (changes.number !== undefined && guardSold) {
    q = q.where('sold_count', '<=', changes.number as number);
  }
  const result = await q.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the product row's write lock for the rest of the transaction (a no-op update works on
 * both engines), so that concurrent edits and deletes of one product run one after the other.
 * False if there is no such product.
 */
export async function lockProduct(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

export function filesOf(db: Executor, productId: number) {
  return db
    .selectFrom('product_files')
    .select([
      'id',
      'type',
      'name',
      'extension',
      'position',
      'width',
      'height',
      'small_width',
      'small_height',
    ])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Media ids of every product of a shop: a shop deletion (shops feature) reads these inside its
 * transaction, just before deleting, and hands them to `app.media.removeFiles` after the commit.
 */
export async function fileNamesOfShop(db: Executor, shopId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_files')
    .innerJoin('products', 'products.id', 'product_files.product_id')
    .select('product_files.name')
    .where('products.shop_id', '=', shopId)
    .execute();
  return rows.map((r) => r.name);
}

export async function insertFiles(
  db: Executor,
  productId: number,
  files: StoredFile[],
  firstPosition = 0,
): Promise<void> {
  if (!files.length) return;
  const at = now();
  await db
    .insertInto('product_files')
    .values(
      files.map((f, i) => ({
        product_id: productId,
        type: f.type,
        name: f.name,
        extension: f.extension,
        position: firstPosition + i,
        created_at: at,
        ...f.dimensions,
      })),
    )
    .execute();
}

export async function deleteFiles(db: Executor, productId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .deleteFrom('product_files')
    .where('product_id', '=', productId)
    .where('id', 'in', ids)
    .execute();
}

export async function countFiles(db: Executor, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets (or, with a null value, clears) the product's value of each field. */
export async function setPfieldValues(
  db: Executor,
  productId: number,
  values: { pfield_id: number; value: string | null; sub_value: string | null }[],
): Promise<void> {
  if (!values.length) return;
  await db
    .deleteFrom('product_pfield')
    .where('product_id', '=', productId)
    .where(
      'pfield_id',
      'in',
      values.map((v) => v.pfield_id),
    )
    .execute();
  const kept = values.flatMap((v) => (v.value === null ? [] : [{ ...v, value: v.value }]));
  if (kept.length) {
    await db
      .insertInto('product_pfield')
      .values(
        kept.map((v) => ({
          product_id: productId,
          pfield_id: v.pfield_id,
          value: v.value,
          sub_value: v.sub_value,
        })),
      )
      .execute();
  }
}

/** After a change of subcategory, the values of the old subcategory's fields go. */
export async function deletePfieldsOutside(
  db: Executor,
  productId: number,
  psubcategoryId: number,
): Promise<void> {
  await db
    .deleteFrom('product_pfield')
    .where('product_id', '=', productId)
    .where('pfield_id', 'not in', (eb) =>
      eb.selectFrom('pfields').select('id').where('psubcategory_id', '=', psubcategoryId),
    )
    .execute();
}

// ---- The full product ----------------------------------------------------------------------

export function shopOf(db: Executor, shopId: number) {
  return db
    .selectFrom('shops')
    .selectAll()
    .select((eb) => shopPhoneVerifiedAt(eb).as('phone_verified_at'))
    .where('id', '=', shopId)
    .executeTakeFirstOrThrow();
}

export function pfieldValuesOf(db: Executor, productId: number) {
  return db
    .selectFrom('product_pfield')
    .innerJoin('pfields', 'pfields.id', 'product_pfield.pfield_id')
    .selectAll('pfields')
    .select(['product_pfield.value', 'product_pfield.sub_value'])
    .where('product_pfield.product_id', '=', productId)
    .orderBy('pfields.id')
    .execute();
}

/** Issue 21: offers the user posted since `since` (ISO), for the per-day limit. */
export async function countOffersSince(
  db: Executor,
  userId: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', 'offer')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
