import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory } from '../../test/fixtures';
import { roleOf, team, type Member } from './staff.test-helpers';

// A shop's staff joining by invitation (issue 14 item 5, staff.service.ts).

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
