import { expect, it } from 'vitest';
import type { ShopRole } from '../../../shared/constants';
import { describeEachEngine, type TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';

type Member = { client: TestClient; user: { id: number; phone_1: string } };

/** A professional shop with one member per role, and outsiders. */
async function team(ctx: TestContext) {
  const owner = await ctx.userClient('user', { first_name: 'Owner' });
  const created = await owner.client.post('/shops/create', {
    name: 'Équipe',
    is_professional: true,
  });
  const shopId: number = created.json().shop.id;
  const members = { owner } as Record<ShopRole, Member>;
  for (const role of ['admin', 'moderator', 'employee'] as const) {
    const m = await ctx.userClient('user', { first_name: role });
    const res = await owner.client.post(`/shops/${shopId}/employees`, {
      login: m.user.phone_1,
      role,
    });
    expect(res.statusCode).toBe(201);
    members[role] = m;
  }
  return {
    shopId,
    ...members,
    stranger: await ctx.userClient(),
    siteAdmin: await ctx.userClient('admin'),
  };
}

const roleOf = async (ctx: TestContext, shopId: number, userId: number) =>
  (
    await ctx.app.db
      .selectFrom('shop_employees')
      .select('role')
      .where('shop_id', '=', shopId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role ?? null;

// Split in blocks: each block is a fresh app, and the harness signs every test user in through
// /login, whose per-address limit (30 a minute) a single block would otherwise reach.
describeEachEngine('shop employees: adding', (ctx) => {
  it('adds a user by phone in any written form or by email, with a role', async () => {
    const { client: owner } = await ctx().userClient();
    const shopId = (await owner.post('/shops/create', { name: 'Boutique' })).json().shop.id;
    const byPhone = await ctx().userClient('user', { first_name: 'Moussa', last_name: 'Diallo' });
    const res = await owner.post(`/shops/${shopId}/employees`, {
      login: `+222 ${byPhone.user.phone_1.slice(0, 2)} ${byPhone.user.phone_1.slice(2)}`,
      role: 'moderator',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      employee: {
        id: byPhone.user.id,
        first_name: 'Moussa',
        last_name: 'Diallo',
        photo: null,
        photo_url: null,
        photo_small_url: null,
        pivot: { role: 'moderator' },
      },
    });
    const withEmail = await ctx().userClient();
    await withEmail.client.put(`/users/${withEmail.user.id}`, { email: 'vendeur@souq.mr' });
    const byEmail = await owner.post(`/shops/${shopId}/employees`, {
      login: 'Vendeur@Souq.mr',
      role: 'employee',
    });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().employee).toMatchObject({
      id: withEmail.user.id,
      pivot: { role: 'employee' },
    });
    const me = (await withEmail.client.get('/users/me')).json().user;
    expect(me.shops.find((s: { id: number }) => s.id === shopId)).toMatchObject({
      name: 'Boutique',
      pivot: { role: 'employee' },
    });
  });

  it('refuses unknown logins, people already on the staff, and roles that are not handed out', async () => {
    const { shopId, owner, employee } = await team(ctx());
    const unknown = await owner.client.post(`/shops/${shopId}/employees`, {
      login: '49999999',
      role: 'employee',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ login: ['user_not_found'] });
    const unknownEmail = await owner.client.post(`/shops/${shopId}/employees`, {
      login: 'nobody@souq.mr',
      role: 'employee',
    });
    expect(unknownEmail.json().errors).toEqual({ login: ['user_not_found'] });
    for (const login of [employee.user.phone_1, owner.user.phone_1]) {
      const again = await owner.client.post(`/shops/${shopId}/employees`, {
        login,
        role: 'moderator',
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ login: ['already_employee'] });
    }
    expect(await roleOf(ctx(), shopId, employee.user.id)).toBe('employee');
    const newcomer = await ctx().userClient();
    const asOwner = await owner.client.post(`/shops/${shopId}/employees`, {
      login: newcomer.user.phone_1,
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(422);
    expect(asOwner.json().errors).toEqual({ role: ['bad_input'] });
    const empty = await owner.client.post(`/shops/${shopId}/employees`, {});
    expect(empty.json().errors).toEqual({ login: ['required'], role: ['required'] });
    expect(await roleOf(ctx(), shopId, newcomer.user.id)).toBeNull();
  });

  it('lets only the owner and shop admins add staff, and only the owner add admins', async () => {
    const t = await team(ctx());
    const url = `/shops/${t.shopId}/employees`;
    const add = async (who: Member, role: string) => {
      const target = await ctx().userClient();
      const res = await who.client.post(url, { login: target.user.phone_1, role });
      return { status: res.statusCode, role: await roleOf(ctx(), t.shopId, target.user.id) };
    };
    for (const who of [t.moderator, t.employee, t.stranger, t.siteAdmin]) {
      expect(await add(who, 'employee')).toEqual({ status: 403, role: null });
    }
    expect(await add(t.admin, 'admin')).toEqual({ status: 403, role: null });
    expect(await add(t.admin, 'moderator')).toEqual({ status: 201, role: 'moderator' });
    expect(await add(t.admin, 'employee')).toEqual({ status: 201, role: 'employee' });
    expect(await add(t.owner, 'admin')).toEqual({ status: 201, role: 'admin' });
    const anon = await ctx().client().post(url, {});
    expect(anon.statusCode).toBe(401);
    expect(
      (
        await t.owner.client.post('/shops/999999/employees', {
          login: t.stranger.user.phone_1,
          role: 'employee',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describeEachEngine('shop employees: roles', (ctx) => {
  it('lists the staff, owner first, to anyone', async () => {
    const t = await team(ctx());
    const res = await ctx().client().get(`/shops/${t.shopId}/employees`);
    expect(res.statusCode).toBe(200);
    const { employees } = res.json();
    expect(
      employees.map((e: { id: number; pivot: { role: string } }) => [e.id, e.pivot.role]),
    ).toEqual([
      [t.owner.user.id, 'owner'],
      [t.admin.user.id, 'admin'],
      [t.moderator.user.id, 'moderator'],
      [t.employee.user.id, 'employee'],
    ]);
    expect(Object.keys(employees[0]).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'photo',
      'photo_small_url',
      'photo_url',
      'pivot',
    ]);
  });

  it('changes roles: managers for staff, only the owner for admins, never the owner', async () => {
    const t = await team(ctx());
    const url = (m: Member) => `/shops/${t.shopId}/employees/${m.user.id}`;
    const res = await t.admin.client.put(url(t.employee), { role: 'moderator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      employee: {
        id: t.employee.user.id,
        first_name: 'employee',
        last_name: 'user',
        photo: null,
        photo_url: null,
        photo_small_url: null,
        pivot: { role: 'moderator' },
      },
    });
    // Shop admins neither make nor unmake admins.
    expect((await t.admin.client.put(url(t.employee), { role: 'admin' })).statusCode).toBe(403);
    expect((await t.admin.client.put(url(t.admin), { role: 'employee' })).statusCode).toBe(403);
    expect(await roleOf(ctx(), t.shopId, t.admin.user.id)).toBe('admin');
    // Staff below admin, outsiders and site admins do not manage.
    for (const who of [t.moderator, t.stranger, t.siteAdmin]) {
      expect((await who.client.put(url(t.employee), { role: 'employee' })).statusCode).toBe(403);
    }
    expect((await t.employee.client.put(url(t.employee), { role: 'moderator' })).statusCode).toBe(
      403,
    );
    // The owner makes and unmakes admins.
    expect((await t.owner.client.put(url(t.moderator), { role: 'admin' })).statusCode).toBe(200);
    expect(await roleOf(ctx(), t.shopId, t.moderator.user.id)).toBe('admin');
    expect((await t.owner.client.put(url(t.admin), { role: 'employee' })).statusCode).toBe(200);
    expect(await roleOf(ctx(), t.shopId, t.admin.user.id)).toBe('employee');
    // Nobody demotes the owner, nor makes anyone owner.
    for (const who of [t.owner, t.moderator /* now an admin */]) {
      const demote = await who.client.put(url(t.owner), { role: 'employee' });
      expect(demote.statusCode).toBe(422);
      expect(demote.json().errors).toEqual({ global: ['owner_immutable'] });
    }
    const crown = await t.owner.client.put(url(t.employee), { role: 'owner' });
    expect(crown.statusCode).toBe(422);
    expect(crown.json().errors).toEqual({ role: ['bad_input'] });
    expect(await roleOf(ctx(), t.shopId, t.owner.user.id)).toBe('owner');
    // Unknown shop, non-member, anonymous.
    expect(
      (
        await t.owner.client.put(`/shops/999999/employees/${t.employee.user.id}`, {
          role: 'employee',
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.owner.client.put(url(t.stranger), { role: 'employee' })).statusCode).toBe(404);
    expect((await ctx().client().put(url(t.employee), { role: 'employee' })).statusCode).toBe(401);
  });
});

describeEachEngine('shop employees: removing', (ctx) => {
  it('removes staff: managers remove below admin, the owner removes admins, the owner stays', async () => {
    const t = await team(ctx());
    const url = (m: Member) => `/shops/${t.shopId}/employees/${m.user.id}`;
    for (const who of [t.moderator, t.stranger, t.siteAdmin]) {
      expect((await who.client.delete(url(t.employee))).statusCode).toBe(403);
    }
    expect((await t.admin.client.delete(url(t.employee))).statusCode).toBe(204);
    expect(await roleOf(ctx(), t.shopId, t.employee.user.id)).toBeNull();
    const other = await ctx().userClient();
    await t.owner.client.post(`/shops/${t.shopId}/employees`, {
      login: other.user.phone_1,
      role: 'admin',
    });
    expect((await t.admin.client.delete(url(other))).statusCode).toBe(403);
    expect(await roleOf(ctx(), t.shopId, other.user.id)).toBe('admin');
    expect((await t.owner.client.delete(url(other))).statusCode).toBe(204);
    for (const who of [t.owner, t.admin]) {
      const res = await who.client.delete(url(t.owner));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ global: ['owner_immutable'] });
    }
    expect(await roleOf(ctx(), t.shopId, t.owner.user.id)).toBe('owner');
    expect((await t.owner.client.delete(url(t.stranger))).statusCode).toBe(404);
    expect(
      (await t.owner.client.delete(`/shops/999999/employees/${t.admin.user.id}`)).statusCode,
    ).toBe(404);
    expect((await ctx().client().delete(url(t.admin))).statusCode).toBe(401);
  });

  it('lets staff members leave the shop themselves', async () => {
    const t = await team(ctx());
    for (const m of [t.employee, t.moderator, t.admin]) {
      const res = await m.client.delete(`/shops/${t.shopId}/employees/${m.user.id}`);
      expect(res.statusCode).toBe(204);
      expect(await roleOf(ctx(), t.shopId, m.user.id)).toBeNull();
    }
    const stranger = await t.stranger.client.delete(
      `/shops/${t.shopId}/employees/${t.stranger.user.id}`,
    );
    expect(stranger.statusCode).toBe(403);
  });
});
