import { sql, type Insertable, type Updateable } from 'kysely';
import type { CommandsTable, Executor } from '../../db/types';
import { now } from '../../db/connect';
import { viewerReaction } from '../reactions/reactions.repository';
import { SHOP_MANAGER_ROLES } from '../../../shared/domain/permissions';

// The only Kysely code of commands. Every function takes the database or a transaction.

/** The product a command is for, with the subcategory flags SPEC §5's rules depend on. */
export function findProductForCommands(db: Executor, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('psubcategories', 'psubcategories.id', 'products.psubcategory_id')
    .select([
      'products.id',
      'products.shop_id',
      'products.type',
      'products.price',
      'products.negotiable',
      'products.offer_type',
      'products.number',
      'products.sold_count',
      'products.private',
      'products.commands_count',
      'products.sold_at',
      'products.expires_at',
      'psubcategories.can_be_counted',
      'psubcategories.can_be_rented',
      'psubcategories.can_be_priced',
    ])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}
export type CommandProduct = NonNullable<Awaited<ReturnType<typeof findProductForCommands>>>;

/** The role lookup lives with the shops (one home); re-exported for this feature's service. */
export { shopRoleOf } from '../shops/shops.repository';

/** The shop's managers (SHOP_MANAGER_ROLES, as `can`): those who may see private commands. */
export async function shopManagerIds(db: Executor, shopId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_employees')
    .select('user_id')
    .where('shop_id', '=', shopId)
    .where('role', 'in', SHOP_MANAGER_ROLES)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Commands with their author and the viewer's own reaction. */
function selectCommands(db: Executor, viewerId: number | undefined) {
  return db
    .selectFrom('commands')
    .leftJoin('users', 'users.id', 'commands.user_id')
    .selectAll('commands')
    .select([
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
      'users.photo as user_photo',
      // Issue 29 item 1: a banned author's item is shown as a hidden one is (staff and author).
      'users.banned_at as user_banned_at',
      'users.phone_1 as user_phone',
      'users.whatsapp_number as user_whatsapp_number',
    ])
    .select(viewerReaction(db, 'command', 'commands.id', viewerId));
}
export type CommandListRow = Awaited<ReturnType<ReturnType<typeof selectCommands>['execute']>>[0];

export function findCommand(db: Executor, id: number, viewerId?: number) {
  return selectCommands(db, viewerId).where('commands.id', '=', id).executeTakeFirst();
}

/**
 * A page of a product's commands, newest first. `onlyPublicOr` narrows the list for viewers who
 * may not see private ones: public commands plus their own (`allPrivate`: only their own).
 */
export function listCommands(
  db: Executor,
  q: {
    productId: number;
    viewerId?: number;
    seesAll: boolean;
    allPrivate: boolean;
    seesHidden?: boolean;
    limit: number;
    offset: number;
  },
) {
  let query = selectCommands(db, q.viewerId).where('commands.product_id', '=', q.productId);
  if (!q.seesAll) {
    const own = q.viewerId ?? -1;
    query = q.allPrivate
      ? query.where('commands.user_id', '=', own)
      : query.where((eb) =>
          eb.or([eb('commands.private', '=', 'no'), eb('commands.user_id', '=', own)]),
        );
  }
  // Issue 19: a command not visible is shown to its author and site staff only; nor is a banned
  // author's (issue 29 item 1), as their offers are not, until the ban is lifted.
  if (!q.seesHidden) {
    const own = q.viewerId ?? -1;
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('commands.moderation_status', '=', 'visible'),
          eb('users.banned_at', 'is', null),
        ]),
        eb('commands.user_id', '=', own),
      ]),
    );
  }
  return query
    .orderBy('commands.created_at', 'desc')
    .orderBy('commands.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}

export async function insertCommand(
  db: Executor,
  values: Omit<Insertable<CommandsTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('commands')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addToCommandsCount(db: Executor, productId: number, delta: 1 | -1) {
  await db
    .updateTable('products')
    .set((eb) => ({ commands_count: eb('commands_count', '+', delta) }))
    .where('id', '=', productId)
    .execute();
}

/** Updates the command only if it is still unsold; false when it was sold (or gone) meanwhile. */
export async function updateUnsoldCommand(
  db: Executor,
  id: number,
  values: Pick<
    Updateable<CommandsTable>,
    'price' | 'number' | 'period' | 'private' | 'text' | 'starts_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('commands')
    .set({ ...values, updated_at: now() })
    .where('id', '=', id)
    .where('sold', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the command only if it is still unsold; its comments go by cascade. */
export async function deleteUnsoldCommand(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('commands')
    .where('id', '=', id)
    .where('sold', '=', 0)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Flips sold from 0 to 1; false when another request got there first. */
export async function markSold(db: Executor, id: number): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('commands')
    // accepted_at: the 30 days to rate the shop run from it (issue 32 item 5, migration 026).
    .set({ sold: 1, updated_at: at, accepted_at: at })
    .where('id', '=', id)
    .where('sold', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Adds `n` to the product's sold_count. For a countable product the WHERE guard makes the check
 * and the write one statement, so concurrent accepts can never sell more than `number`; the
 * product is sold when nothing is left. Returns false when not enough was left.
 */
export async function addSold(
  db: Executor,
  productId: number,
  n: number,
  countable: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('products')
    .set((eb) => ({
      sold_count: eb('sold_count', '+', n),
      sold: countable ? sql<number>`case when number - sold_count <= ${n} then 1 else sold end` : 1,
      // Issue 32: the stock ran out, which ends the listing (kept SOLD_LISTED_DAYS with its badge).
      ...(countable && {
        sold_at: sql<string>`case when sold_at is null and number - sold_count <= ${n} then ${now()} else sold_at end`,
      }),
    }))
    .where('id', '=', productId);
  if (countable) query = query.where(sql<boolean>`number - sold_count >= ${n}`);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
