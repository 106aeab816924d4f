import { expect } from 'vitest';
import type { ShopRole } from '../../../shared/constants';
import type { TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';

// Shared by the staff route suites (staff.service.ts): a shop with one member per role.

export type Member = { client: TestClient; user: { id: number; phone_1: string } };

/** Staff join by invitation (issue 14 item 5): the manager invites, the invitee accepts. */
export async function hire(manager: TestClient, shopId: number, m: Member, role: string) {
  const res = await manager.post(`/shops/${shopId}/employees`, { login: m.user.phone_1, role });
  expect(res.statusCode).toBe(201);
  const accepted = await m.client.post(`/shops/${shopId}/invitation/accept`);
  expect(accepted.statusCode).toBe(204);
}

/** A professional shop with one member per role, and outsiders. */
export async function team(ctx: TestContext) {
  const owner = await ctx.userClient('user', { first_name: 'Owner' });
  const created = await owner.client.post('/shops/create', {
    name: 'Équipe',
    is_professional: true,
  });
  const shopId: number = created.json().shop.id;
  const members = { owner } as Record<ShopRole, Member>;
  for (const role of ['admin', 'moderator', 'employee'] as const) {
    const m = await ctx.userClient('user', { first_name: role });
    await hire(owner.client, shopId, m, role);
    members[role] = m;
  }
  return {
    shopId,
    ...members,
    stranger: await ctx.userClient(),
    siteAdmin: await ctx.userClient('admin'),
  };
}

export const roleOf = async (ctx: TestContext, shopId: number, userId: number) =>
  (
    await ctx.app.db
      .selectFrom('shop_employees')
      .select('role')
      .where('shop_id', '=', shopId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role ?? null;
