import { compiledOnce } from '../../db/compiled-once';
import type { Executor, NewUser, UserRow, UserUpdate } from '../../db/types';
import type { ShopRole } from '../../../shared/constants';
import { now } from '../../db/connect';

// Built and compiled once (compiled-once.ts): every signed-in page reads its visitor.
const userById = compiledOnce(1, (db: Executor, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id),
);

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db, id);
  return row;
}

export function findUserByLogin(db: Executor, login: { phone?: string; email?: string }) {
  let q = db.selectFrom('users').selectAll();
  if (login.phone) q = q.where('phone_1', '=', login.phone);
  else if (login.email) q = q.where('email', '=', login.email);
  else return Promise.resolve(undefined);
  return q.executeTakeFirst();
}

export async function phoneOrEmailTaken(
  db: Executor,
  phone: string | undefined,
  email: string | null | undefined,
  exceptId?: number,
) {
  const taken = { phone: false, email: false };
  if (phone) {
    let q = db.selectFrom('users').select('id').where('phone_1', '=', phone);
    if (exceptId) q = q.where('id', '!=', exceptId);
    taken.phone = !!(await q.executeTakeFirst());
  }
  if (email) {
    let q = db.selectFrom('users').select('id').where('email', '=', email);
    if (exceptId) q = q.where('id', '!=', exceptId);
    taken.email = !!(await q.executeTakeFirst());
  }
  return taken;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** The shops a user works in, with their role (for `GET /users/me`). */
export function shopsOfUser(db: Executor, userId: number, roles?: readonly ShopRole[]) {
  let query = db
    .selectFrom('shop_employees')
    .innerJoin('shops', 'shops.id', 'shop_employees.shop_id')
    .select([
      'shops.id',
      'shops.name',
      'shops.logo',
      'shops.is_professional',
      'shop_employees.role',
    ])
    .where('shop_employees.user_id', '=', userId)
    .orderBy('shops.id');
  if (roles) query = query.where('shop_employees.role', 'in', roles);
  return query.execute();
}

export async function insertPersonalShop(db: Executor, user: UserRow): Promise<void> {
  const at = now();
  const shop = await db
    .insertInto('shops')
    .values({
      name: `${user.first_name} ${user.last_name}`,
      phone_1: user.phone_1,
      first_whatsapp_number: user.whatsapp_number ?? user.phone_1,
      // Never the user's email: it is private (issue 14 item 4); the owner may set one on the shop.
      email: null,
      is_professional: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shop_employees')
    .values({ shop_id: shop.id, user_id: user.id, role: 'owner', created_at: at })
    .execute();
}

/**
 * Keeps the personal shop in step with its owner's profile (DESIGN §6): each of its name, phone
 * and WhatsApp number follows the profile while it still shows the profile's old value, and is
 * left alone once the user has set it on the shop. The email is private: never copied.
 */
export async function syncPersonalShop(
  db: Executor,
  shopId: number,
  before: UserRow,
  after: UserRow,
): Promise<void> {
  const pairs = [
    ['name', `${before.first_name} ${before.last_name}`, `${after.first_name} ${after.last_name}`],
    ['phone_1', before.phone_1, after.phone_1],
    [
      'first_whatsapp_number',
      before.whatsapp_number ?? before.phone_1,
      after.whatsapp_number ?? after.phone_1,
    ],
  ] as const;
  for (const [column, was, becomes] of pairs) {
    if (was === becomes) continue;
    let q = db
      .updateTable('shops')
      .set({ [column]: becomes, updated_at: now() })
      .where('id', '=', shopId);
    q = was === null ? q.where(column, 'is', null) : q.where(column, '=', was);
    await q.execute();
  }
}
