import type { Insertable } from 'kysely';
import type { Executor, ProductsTable } from '../../db/types';
import { now } from '../../db/connect';
import type { ShopRole } from '../../../shared/constants';
import { createProduct } from '../../test/fixtures';

// Fixture rows of the notify suites (notify.test.ts, notify-added-product.test.ts), written
// straight to the database: users, shops, a category with subcategories, demands.

export let serial = 0;

export async function user(db: Executor, first_name = 'U') {
  serial += 1;
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      first_name,
      last_name: `n${serial}`,
      phone_1: `3${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
      password_hash: 'x',
      photo: `${first_name.toLowerCase()}.webp`,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function shop(
  db: Executor,
  pcategory_id: number | null,
  staff: [number, ShopRole][],
  is_professional = 0,
) {
  const { id } = await db
    .insertInto('shops')
    .values({ name: 'shop', pcategory_id, is_professional, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [user_id, role] of staff)
    await db
      .insertInto('shop_employees')
      .values({ shop_id: id, user_id, role, created_at: now() })
      .execute();
  return id;
}

export async function category(db: Executor, subcategories: number) {
  const at = now();
  const { id } = await db
    .insertInto('pcategories')
    .values({ name: 'vehicles', order_number: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subs: number[] = [];
  for (let i = 0; i < subcategories; i++) {
    const row = await db
      .insertInto('psubcategories')
      .values({ pcategory_id: id, name: `sub${i}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    subs.push(row.id);
  }
  return { id, subs };
}

export const demand = (
  db: Executor,
  values: { shop_id: number; psubcategory_id: number; user_id: number | null } & Partial<
    Insertable<ProductsTable>
  >,
) =>
  createProduct(db, {
    type: 'demand',
    offer_type: 'buy',
    ...values,
    user_id: values.user_id ?? undefined,
  });

export async function addedOfferTo(db: Executor, productId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data', 'read_at'])
    .where('type', '=', 'added_offer')
    .orderBy('user_id')
    .execute();
  return rows.filter((r) => JSON.parse(r.data).product_id === productId);
}
