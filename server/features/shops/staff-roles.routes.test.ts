import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory } from '../../test/fixtures';
import { hire, roleOf, team, type Member } from './staff.test-helpers';

// A shop's staff once hired (staff.service.ts): listed, given roles, removed, leaving.

// Split in blocks: each block is a fresh app, and the harness signs every test user in through
// /login, whose per-address limit (30 a minute) a single block would otherwise reach.
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
