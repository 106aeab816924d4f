import { expect, it } from 'vitest';
import type { ShopRole } from '../../../shared/constants';
import { describeEachEngine, type TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { createProduct, createSubcategory } from '../../test/fixtures';

type Member = { client: TestClient; user: { id: number; phone_1: string } };

/** Staff join by invitation (issue 14 item 5): the manager invites, the invitee accepts. */
async function hire(manager: TestClient, shopId: number, m: Member, role: string) {
  const res = await manager.post(`/shops/${shopId}/employees`, { login: m.user.phone_1, role });
  expect(res.statusCode).toBe(201);
  const accepted = await m.client.post(`/shops/${shopId}/invitation/accept`);
  expect(accepted.statusCode).toBe(204);
}

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

const roleOf = async (ctx: TestContext, shopId: number, userId: number) =>
  (
    await ctx.app.db
      .selectFrom('shop_employees')
      .select('role')
      .where('shop_id', '=', shopId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role ?? null;

const invitation = (login: string, role: string) => ({
  employee: {
    id: expect.any(Number),
    login,
    created_at: expect.any(String),
    pivot: { role, status: 'invited' },
  },
});

// Split in blocks: each block is a fresh app, and the harness signs every test user in through
// /login, whose per-address limit (30 a minute) a single block would otherwise reach.
describeEachEngine('shop employees: invitations', (ctx) => {
  it('invites by phone in any written form or by email; nothing changes until accepted', async () => {
    const { client: owner, user: ownerUser } = await ctx().userClient();
    const shopId = (await owner.post('/shops/create', { name: 'Boutique' })).json().shop.id;
    const invitee = await ctx().userClient('user', { first_name: 'Moussa', last_name: 'Diallo' });
    const res = await owner.post(`/shops/${shopId}/employees`, {
      login: `+222 ${invitee.user.phone_1.slice(0, 2)} ${invitee.user.phone_1.slice(2)}`,
      role: 'moderator',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(invitation(invitee.user.phone_1, 'moderator'));
    // Not on the staff, no role, not among their shops; the shop's product is still theirs to
    // order and report; they hear nothing of the shop's activity.
    expect(await roleOf(ctx(), shopId, invitee.user.id)).toBeNull();
    const me = (await invitee.client.get('/users/me')).json().user;
    expect(me.shops.map((s: { id: number }) => s.id)).not.toContain(shopId);
    const sub = await createSubcategory(ctx().app.db);
    const product = await createProduct(ctx().app.db, {
      shop_id: shopId,
      psubcategory_id: sub.id,
      user_id: ownerUser.id,
      number: 5,
    });
    const ordered = await invitee.client.post(`/commands/create/product/${product.id}`, {});
    expect(ordered.statusCode).toBe(201);
    expect((await invitee.client.get(`/products/report/add/${product.id}`)).statusCode).toBe(200);
    await ctx()
      .userClient()
      .then((c) =>
        c.client.post(`/comments/create/product/${product.id}`, { text: 'Disponible ?' }),
      );
    // They hear of the invitation only, nothing of the shop's activity.
    const heard = await ctx()
      .app.db.selectFrom('notifications')
      .select('type')
      .where('user_id', '=', invitee.user.id)
      .execute();
    expect(heard).toEqual([{ type: 'shop_invitation' }]);
    // The invitee sees the invitation, and accepts it.
    const mine = await invitee.client.get('/shops/invitations');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().invitations).toEqual([
      {
        id: expect.any(Number),
        role: 'moderator',
        created_at: expect.any(String),
        shop: { id: shopId, name: 'Boutique', logo: null, logo_url: null, logo_small_url: null },
      },
    ]);
    expect((await invitee.client.post(`/shops/${shopId}/invitation/accept`)).statusCode).toBe(204);
    expect(await roleOf(ctx(), shopId, invitee.user.id)).toBe('moderator');
    expect((await invitee.client.get('/shops/invitations')).json().invitations).toEqual([]);
    const after = (await invitee.client.get('/users/me')).json().user;
    expect(after.shops.find((s: { id: number }) => s.id === shopId)).toMatchObject({
      name: 'Boutique',
      pivot: { role: 'moderator' },
    });
    // Accepting twice finds nothing more.
    expect((await invitee.client.post(`/shops/${shopId}/invitation/accept`)).statusCode).toBe(404);

    const withEmail = await ctx().userClient();
    await withEmail.client.put(`/users/${withEmail.user.id}`, { email: 'vendeur@souq.mr' });
    const byEmail = await owner.post(`/shops/${shopId}/employees`, {
      login: 'Vendeur@Souq.mr',
      role: 'employee',
    });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json()).toEqual(invitation('vendeur@souq.mr', 'employee'));
    expect((await withEmail.client.post(`/shops/${shopId}/invitation/accept`)).statusCode).toBe(
      204,
    );
    expect(await roleOf(ctx(), shopId, withEmail.user.id)).toBe('employee');
  });

  it('answers the same for unknown logins, known ones and current staff', async () => {
    const { shopId, owner, employee, siteAdmin } = await team(ctx());
    const cases = [
      '49999999', // nobody's
      'nobody@souq.mr', // nobody's
      siteAdmin.user.phone_1, // someone's
      employee.user.phone_1, // already on the staff
    ];
    const shapes = [];
    for (const login of cases) {
      const res = await owner.client.post(`/shops/${shopId}/employees`, {
        login,
        role: 'employee',
      });
      expect(res.statusCode, login).toBe(201);
      const body = res.json();
      expect(body, login).toEqual(invitation(login, 'employee'));
      shapes.push(Object.keys(body.employee).sort().join());
    }
    expect(new Set(shapes).size).toBe(1);
    // An invitation never changes a current member's role.
    expect((await employee.client.post(`/shops/${shopId}/invitation/accept`)).statusCode).toBe(204);
    expect(await roleOf(ctx(), shopId, employee.user.id)).toBe('employee');
    // The site admin was not made staff by anyone.
    expect(await roleOf(ctx(), shopId, siteAdmin.user.id)).toBeNull();
    // Not a phone nor an email, a role not handed out, nothing: bad input (no account involved).
    const bad = await owner.client.post(`/shops/${shopId}/employees`, {
      login: 'abc',
      role: 'employee',
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { login: ['bad_input'] }]);
    const asOwner = await owner.client.post(`/shops/${shopId}/employees`, {
      login: '49999998',
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(422);
    expect(asOwner.json().errors).toEqual({ role: ['bad_input'] });
    const empty = await owner.client.post(`/shops/${shopId}/employees`, {});
    expect(empty.json().errors).toEqual({ login: ['required'], role: ['required'] });
  });

  it('lets the invitee decline, and managers see and withdraw pending invitations', async () => {
    const t = await team(ctx());
    const url = `/shops/${t.shopId}/employees`;
    const a = await ctx().userClient();
    const b = await ctx().userClient();
    await t.owner.client.post(url, { login: a.user.phone_1, role: 'employee' });
    await t.admin.client.post(url, { login: b.user.phone_1, role: 'moderator' });
    // Managers see the pending ones; the public, other staff and site admins do not.
    const managerView = (await t.admin.client.get(url)).json();
    expect(managerView.invitations.map((i: { login: string }) => i.login)).toEqual([
      a.user.phone_1,
      b.user.phone_1,
    ]);
    for (const who of [t.employee.client, t.stranger.client, t.siteAdmin.client, ctx().client()]) {
      expect((await who.get(url)).json().invitations).toEqual([]);
    }
    // Only the invitee answers: another user has nothing to accept.
    expect((await t.stranger.client.post(`/shops/${t.shopId}/invitation/accept`)).statusCode).toBe(
      404,
    );
    expect((await a.client.post(`/shops/${t.shopId}/invitation/decline`)).statusCode).toBe(204);
    expect(await roleOf(ctx(), t.shopId, a.user.id)).toBeNull();
    expect((await a.client.post(`/shops/${t.shopId}/invitation/accept`)).statusCode).toBe(404);
    // Withdrawing: managers only.
    const pending = (await t.owner.client.get(url)).json().invitations;
    expect(pending).toHaveLength(1);
    const withdraw = `/shops/${t.shopId}/invitations/${pending[0].id}`;
    expect((await t.moderator.client.delete(withdraw)).statusCode).toBe(403);
    expect((await t.owner.client.delete(withdraw)).statusCode).toBe(204);
    expect((await t.owner.client.delete(withdraw)).statusCode).toBe(404);
    expect((await b.client.post(`/shops/${t.shopId}/invitation/accept`)).statusCode).toBe(404);
    expect((await ctx().client().post(`/shops/${t.shopId}/invitation/accept`)).statusCode).toBe(
      401,
    );
    expect((await ctx().client().get('/shops/invitations')).statusCode).toBe(401);
  });

  it('tells the invitee (shop_invitation), never anyone for an unknown login or current staff', async () => {
    const t = await team(ctx());
    const invitee = await ctx().userClient();
    const { db } = ctx().app;
    const before = await db.selectFrom('notifications').select('id').execute();
    const url = `/shops/${t.shopId}/employees`;
    await t.owner.client.post(url, { login: invitee.user.phone_1, role: 'employee' });
    await t.owner.client.post(url, { login: '49999997', role: 'employee' });
    await t.owner.client.post(url, { login: t.employee.user.phone_1, role: 'moderator' });
    const written = await db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('id', 'not in', before.length ? before.map((r) => r.id) : [0])
      .execute();
    expect(written).toEqual([{ user_id: invitee.user.id, type: 'shop_invitation' }]);
    const list = (await invitee.client.post('/notifications/paginate', {})).json().notifications;
    expect(list.data[0]).toMatchObject({
      type: 'shop_invitation',
      data: { user_id: t.owner.user.id, user_first_name: 'Owner', product_id: null },
    });
    // Issue 35 item 16: the sentence names the shop.
    const shop = await db
      .selectFrom('shops')
      .select('name')
      .where('id', '=', t.shopId)
      .executeTakeFirstOrThrow();
    expect(list.data[0].data).toMatchObject({ shop_id: t.shopId, shop_name: shop.name });
    expect(shop.name).toBeTruthy();
  });

  it('lets only the owner and shop admins invite, and only the owner invite admins', async () => {
    const t = await team(ctx());
    const url = `/shops/${t.shopId}/employees`;
    const invite = async (who: Member, role: string) => {
      const target = await ctx().userClient();
      const res = await who.client.post(url, { login: target.user.phone_1, role });
      const accepted = await target.client.post(`/shops/${t.shopId}/invitation/accept`);
      return {
        status: res.statusCode,
        accepted: accepted.statusCode,
        role: await roleOf(ctx(), t.shopId, target.user.id),
      };
    };
    for (const who of [t.moderator, t.employee, t.stranger, t.siteAdmin]) {
      expect(await invite(who, 'employee')).toEqual({ status: 403, accepted: 404, role: null });
    }
    expect(await invite(t.admin, 'admin')).toEqual({ status: 403, accepted: 404, role: null });
    expect(await invite(t.admin, 'moderator')).toEqual({
      status: 201,
      accepted: 204,
      role: 'moderator',
    });
    expect(await invite(t.owner, 'admin')).toEqual({ status: 201, accepted: 204, role: 'admin' });
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
    const { employees, invitations } = res.json();
    expect(invitations).toEqual([]);
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

  it('lists the staff in one order wherever it is shown: the shop’s and an offer’s', async () => {
    // Issue 33 item 2: one repository function. Promoting the employee (hired last) to admin puts
    // them before the moderator on the offer page too, not in the order they were hired.
    const t = await team(ctx());
    const promoted = await t.owner.client.put(
      `/shops/${t.shopId}/employees/${t.employee.user.id}`,
      {
        role: 'admin',
      },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    const { id } = await createProduct(ctx().app.db, {
      shop_id: t.shopId,
      psubcategory_id: (await createSubcategory(ctx().app.db)).id,
    });
    const ids = (list: { id: number }[]) => list.map((e) => e.id);
    const shop = (await ctx().client().get(`/shops/${t.shopId}/employees`)).json().employees;
    const offer = (
      await ctx()
        .client()
        .get(`/products/product/${id}`, { headers: { accept: 'application/json' } })
    ).json().product.shop.employees;
    expect(ids(shop)).toEqual([t.owner, t.admin, t.employee, t.moderator].map((m) => m.user.id));
    expect(ids(offer)).toEqual(ids(shop));
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
    await hire(t.owner.client, t.shopId, other, 'admin');
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
