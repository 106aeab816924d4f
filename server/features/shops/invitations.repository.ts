import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ShopRole } from '../../../shared/constants';

// Staff invitations (migration 007, docs/shops-users.md "Invitations"): addressed to a login, a
// normalised phone or a lower-case email.

/** Creates the invitation, or gives a pending one for the same login the new role. */
export async function upsertInvitation(
  db: Executor,
  values: { shopId: number; login: string; role: ShopRole; invitedBy: number },
): Promise<void> {
  await db
    .insertInto('shop_invitations')
    .values({
      shop_id: values.shopId,
      login: values.login,
      role: values.role,
      invited_by: values.invitedBy,
      created_at: now(),
    })
    .onConflict((oc) =>
      oc
        .columns(['shop_id', 'login'])
        .doUpdateSet({ role: values.role, invited_by: values.invitedBy }),
    )
    .execute();
}

export function findInvitation(db: Executor, shopId: number, login: string) {
  return db
    .selectFrom('shop_invitations')
    .select(['id', 'login', 'role', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('login', '=', login)
    .executeTakeFirst();
}

export function invitationsOfShop(db: Executor, shopId: number) {
  return db
    .selectFrom('shop_invitations')
    .select(['id', 'login', 'role', 'created_at'])
    .where('shop_id', '=', shopId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type InvitationRow = Awaited<ReturnType<typeof invitationsOfShop>>[number];

/** The invitations addressed to any of `logins` (a user's phone and email), newest first. */
export function invitationsFor(db: Executor, logins: string[]) {
  return db
    .selectFrom('shop_invitations')
    .innerJoin('shops', 'shops.id', 'shop_invitations.shop_id')
    .select([
      'shop_invitations.id',
      'shop_invitations.shop_id',
      'shop_invitations.role',
      'shop_invitations.created_at',
      'shops.name as shop_name',
      'shops.logo as shop_logo',
    ])
    .where('shop_invitations.login', 'in', logins)
    .orderBy('shop_invitations.created_at', 'desc')
    .orderBy('shop_invitations.id', 'desc')
    .execute();
}
export type MyInvitationRow = Awaited<ReturnType<typeof invitationsFor>>[number];

/** The shop's invitation to any of `logins`, if any (the oldest when both phone and email are). */
export function invitationOfShopFor(db: Executor, shopId: number, logins: string[]) {
  return db
    .selectFrom('shop_invitations')
    .select(['id', 'role'])
    .where('shop_id', '=', shopId)
    .where('login', 'in', logins)
    .orderBy('id')
    .executeTakeFirst();
}

/** Deletes the shop's invitations to any of `logins`; answers how many went. */
export async function deleteInvitationsFor(
  db: Executor,
  shopId: number,
  logins: string[],
): Promise<number> {
  const result = await db
    .deleteFrom('shop_invitations')
    .where('shop_id', '=', shopId)
    .where('login', 'in', logins)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Withdraws one invitation of the shop; answers whether it existed. */
export async function deleteInvitation(db: Executor, shopId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('shop_invitations')
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
