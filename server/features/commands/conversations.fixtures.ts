import type { Insertable } from 'kysely';
import type { Executor, ProductsTable } from '../../db/types';
import type { ShopRole, SiteRole } from '../../../shared/constants';
import { nextPhone, TEST_PASSWORD, type TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { register } from '../users/users.service';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { now } from '../../db/connect';

// Test setup shared by the commands and comments suites: a product in a seller's personal shop,
// the shop's staff in every role, and outsiders, each with a signed-in client.

export async function addEmployee(db: Executor, shopId: number, userId: number, role: ShopRole) {
  await db
    .insertInto('shop_employees')
    .values({ shop_id: shopId, user_id: userId, role, created_at: now() })
    .execute();
}

let addressCounter = 0;

/**
 * A signed-in client for a new user. Like ctx.userClient, but each sign-in comes from its own
 * address (X-Forwarded-For; the app trusts its proxy), so suites that need many users stay under
 * the per-address rate limit of /login.
 */
export async function member(
  ctx: TestContext,
  role: SiteRole = 'user',
  first_name = 'Test',
): Promise<{ client: TestClient; user: { id: number; phone_1: string } }> {
  const phone_1 = nextPhone();
  const user = await register(
    ctx.app.db,
    {
      first_name,
      last_name: role,
      phone_1,
      email: null,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      role,
    },
    ctx.config.scryptLogN,
  );
  addressCounter += 1;
  const client = ctx.client();
  const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const res = await client.post(
    '/login',
    { login: phone_1, password: TEST_PASSWORD },
    { headers: { 'x-forwarded-for': address } },
  );
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { client, user: { id: user.id, phone_1 } };
}

type SubcategoryFlags = Parameters<typeof createSubcategory>[1];

export async function world(
  ctx: TestContext,
  options: {
    subcategory?: SubcategoryFlags;
    product?: Omit<Partial<Insertable<ProductsTable>>, 'user_id'>;
  } = {},
) {
  const db = ctx.app.db;
  const [owner, shopAdmin, shopModerator, employee, buyer, stranger, siteAdmin, siteModerator] =
    await Promise.all([
      member(ctx, 'user', 'Owner'),
      member(ctx, 'user', 'ShopAdmin'),
      member(ctx, 'user', 'ShopModerator'),
      member(ctx, 'user', 'Employee'),
      member(ctx, 'user', 'Buyer'),
      member(ctx, 'user', 'Stranger'),
      member(ctx, 'admin', 'SiteAdmin'),
      member(ctx, 'moderator', 'SiteModerator'),
    ]);
  const shopId = await personalShopOf(db, owner.user.id);
  await addEmployee(db, shopId, shopAdmin.user.id, 'admin');
  await addEmployee(db, shopId, shopModerator.user.id, 'moderator');
  await addEmployee(db, shopId, employee.user.id, 'employee');
  const subcategory = await createSubcategory(db, options.subcategory);
  const product = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: subcategory.id,
    user_id: owner.user.id,
    ...options.product,
  });
  return {
    db,
    shopId,
    subcategory,
    product,
    owner,
    shopAdmin,
    shopModerator,
    employee,
    buyer,
    stranger,
    siteAdmin,
    siteModerator,
    anonymous: ctx.client(),
  };
}
export type World = Awaited<ReturnType<typeof world>>;

/** Notifications about one product, as (recipient, type, data), oldest first. */
export async function notificationsAbout(db: Executor, productId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data'])
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({ user_id: r.user_id, type: r.type, data: JSON.parse(r.data) }))
    .filter((n) => n.data.product_id === productId);
}

export async function productCounters(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['comments_count', 'commands_count', 'sold_count', 'sold', 'number'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
