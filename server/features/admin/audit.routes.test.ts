import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';

// Issue 34 item 4: every staff action leaves one audit entry, written with the action (a refused
// action leaves none), readable by site admins only, filtered by action and actor, never holding
// a secret.

type Signed = { client: TestClient; user: { id: number } };
type Entry = {
  id: number;
  actor: { id: number; first_name: string; last_name: string; deleted: boolean } | null;
  action: string;
  target_type: string;
  target_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};

describeEachEngine('audit trail', (ctx) => {
  let admin: Signed;
  let moderator: Signed;

  beforeAll(async () => {
    admin = await ctx().userClient('admin', { first_name: 'Aicha' });
    moderator = await ctx().userClient('moderator', { first_name: 'Moussa' });
  });

  const audit = async (query = '') => {
    const res = await admin.client.get(`/admin/audit${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().entries as { total: number; data: Entry[]; last_page: number };
  };
  /** The entries of `action` on one target, newest first. */
  const entriesOf = async (action: string, targetId: number) =>
    (await audit(`?action=${action}`)).data.filter((e) => e.target_id === targetId);
  const rowsOf = async (targetType: 'user' | 'shop', targetId: number) =>
    ctx()
      .app.db.selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  it('is for site admins: anonymous 401, users and moderators 403, whatever the query', async () => {
    const user = await ctx().userClient();
    expect((await ctx().client().get('/admin/audit')).statusCode).toBe(401);
    expect((await user.client.get('/admin/audit')).statusCode).toBe(403);
    expect((await moderator.client.get('/admin/audit')).statusCode).toBe(403);
    expect((await moderator.client.get('/admin/audit?action=nonsense')).statusCode).toBe(403);
    expect((await admin.client.get('/admin/audit')).statusCode).toBe(200);
  });

  it('refuses bad filters with 422 and the errors object', async () => {
    for (const query of ['?action=user.drop', '?actor_id=abc', '?actor_id=-3', '?page=0']) {
      const res = await admin.client.get(`/admin/audit${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors).length, query).toBeGreaterThan(0);
    }
  });

  it('records moderation actions and bans with before and after, under their actor', async () => {
    const seller = await ctx().userClient();
    const subId = (await createSubcategory(ctx().app.db)).id;
    const offer = await createProduct(ctx().app.db, {
      shop_id: await personalShopOf(ctx().app.db, seller.user.id),
      psubcategory_id: subId,
      user_id: seller.user.id,
      name: 'Audited offer',
    });
    const hide = await moderator.client.post(`/admin/moderation/product/${offer.id}`, {
      action: 'hide',
      note: 'scam photos',
    });
    expect(hide.statusCode).toBe(200);
    const [hidden] = await entriesOf('moderation.hide', offer.id);
    expect(hidden).toMatchObject({
      actor: { id: moderator.user.id, first_name: 'Moussa', deleted: false },
      target_type: 'product',
      before: { moderation_status: 'visible' },
      after: { moderation_status: 'hidden', note: 'scam photos' },
    });

    expect(
      (await moderator.client.post(`/admin/users/${seller.user.id}/ban`, { reason: 'spam' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await moderator.client.request('DELETE', `/admin/users/${seller.user.id}/ban`, { body: {} }))
        .statusCode,
    ).toBe(200);
    const [ban] = await entriesOf('user.ban', seller.user.id);
    expect(ban.before).toEqual({ banned_at: null, ban_reason: null });
    expect(ban.after).toMatchObject({ ban_reason: 'spam' });
    const [unban] = await entriesOf('user.unban', seller.user.id);
    expect(unban.after).toEqual({ banned_at: null, ban_reason: null });

    // A refused action leaves nothing: unbanning someone not banned, banning an admin.
    const before = (await rowsOf('user', seller.user.id)).length;
    const again = await moderator.client.request('DELETE', `/admin/users/${seller.user.id}/ban`, {
      body: {},
    });
    expect(again.statusCode).toBe(422);
    expect((await moderator.client.post(`/admin/users/${admin.user.id}/ban`, {})).statusCode).toBe(
      403,
    );
    expect((await rowsOf('user', seller.user.id)).length).toBe(before);
    expect(await rowsOf('user', admin.user.id)).toEqual([]);
  });

  it('records catalogue changes: create, the changed fields of an update, delete', async () => {
    const created = await moderator.client.post('/pcategories/create', {
      name: 'audited_category',
      order_number: 3,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().pcategory.id as number;
    expect((await entriesOf('pcategory.create', id))[0].after).toMatchObject({
      name: 'audited_category',
      order_number: 3,
    });
    const put = (body: object) => moderator.client.put(`/pcategories/${id}`, body);
    expect((await put({ name: 'audited_category', order_number: 5 })).statusCode).toBe(200);
    expect((await entriesOf('pcategory.update', id))[0]).toMatchObject({
      before: { order_number: 3 },
      after: { order_number: 5 },
    });
    // Nothing changed: no entry. A refused change (a taken name): none either.
    expect((await put({ name: 'audited_category', order_number: 5 })).statusCode).toBe(200);
    const taken = await moderator.client.post('/pcategories/create', { name: 'audited_category' });
    expect(taken.statusCode).toBe(422);
    expect(await entriesOf('pcategory.update', id)).toHaveLength(1);
    expect((await moderator.client.delete(`/pcategories/${id}`)).statusCode).toBe(204);
    expect((await entriesOf('pcategory.delete', id))[0].before).toMatchObject({
      name: 'audited_category',
    });

    const sub = await moderator.client.post(
      `/psubcategories/create/${(await createSubcategory(ctx().app.db)).pcategory_id}`,
      {
        name: 'audited_sub',
        order_number: 1,
      },
    );
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().psubcategory.id as number;
    const field = await moderator.client.post(`/pfields/create/${subId}`, {
      name: 'audited_field',
      type: 'text',
    });
    expect(field.statusCode).toBe(201);
    expect(await entriesOf('psubcategory.create', subId)).toHaveLength(1);
    expect(await entriesOf('pfield.create', field.json().pfield.id)).toHaveLength(1);
  });

  it('records an admin editing or deleting an account, without secrets; leaving alone is not a staff action', async () => {
    const target = await ctx().userClient('user', { first_name: 'Target' });
    const edit = await admin.client.put(`/users/${target.user.id}`, {
      first_name: 'Renamed',
      last_name: 'user',
      phone_1: target.user.phone_1,
    });
    expect(edit.statusCode).toBe(200);
    const [update] = await entriesOf('user.update', target.user.id);
    expect(update.before).toEqual({ first_name: 'Target' });
    expect(update.after).toEqual({ first_name: 'Renamed' });
    // Their own edit is not audited.
    await target.client.put(`/users/${target.user.id}`, {
      first_name: 'Self',
      last_name: 'user',
      phone_1: target.user.phone_1,
    });
    expect(await entriesOf('user.update', target.user.id)).toHaveLength(1);

    expect((await admin.client.delete(`/users/${target.user.id}`)).statusCode).toBe(204);
    const [deleted] = await entriesOf('user.delete', target.user.id);
    expect(deleted.before).toEqual({ first_name: 'Self', last_name: 'user', role: 'user' });
    const stored = JSON.stringify(await rowsOf('user', target.user.id));
    expect(stored).not.toMatch(/password|scrypt|session/i);
  });

  it('records shop staff changes', async () => {
    const owner = await ctx().userClient();
    const staff = await ctx().userClient();
    const shopId = await personalShopOf(ctx().app.db, owner.user.id);
    const invite = await owner.client.post(`/shops/${shopId}/employees`, {
      login: staff.user.phone_1,
      role: 'employee',
    });
    expect(invite.statusCode).toBe(201);
    expect((await staff.client.post(`/shops/${shopId}/invitation/accept`)).statusCode).toBe(204);
    const role = await owner.client.put(`/shops/${shopId}/employees/${staff.user.id}`, {
      role: 'moderator',
    });
    expect(role.statusCode).toBe(200);
    expect(
      (await owner.client.delete(`/shops/${shopId}/employees/${staff.user.id}`)).statusCode,
    ).toBe(204);
    const actions = (await rowsOf('shop', shopId))
      .filter((r) => r.action.startsWith('employee.'))
      .map((r) => [r.action, r.actor_id, r.before, r.after]);
    expect(actions).toEqual([
      [
        'employee.invite',
        owner.user.id,
        null,
        JSON.stringify({ login: staff.user.phone_1, role: 'employee' }),
      ],
      [
        'employee.join',
        staff.user.id,
        null,
        JSON.stringify({ user_id: staff.user.id, role: 'employee' }),
      ],
      [
        'employee.role',
        owner.user.id,
        JSON.stringify({ user_id: staff.user.id, role: 'employee' }),
        JSON.stringify({ user_id: staff.user.id, role: 'moderator' }),
      ],
      [
        'employee.remove',
        owner.user.id,
        JSON.stringify({ user_id: staff.user.id, role: 'moderator' }),
        null,
      ],
    ]);
  });

  it('filters by action and actor, pages newest first, and keeps the entries of a deleted actor', async () => {
    const other = await ctx().userClient('moderator', { first_name: 'Gone' });
    for (const name of ['audit_a', 'audit_b']) {
      expect(
        (await other.client.post('/pcategories/create', { name, order_number: 1 })).statusCode,
      ).toBe(201);
    }
    const mine = await audit(`?actor_id=${other.user.id}`);
    expect(mine.total).toBe(2);
    expect(mine.data.map((e) => e.after?.name)).toEqual(['audit_b', 'audit_a']);
    expect(mine.data.every((e) => e.actor?.id === other.user.id)).toBe(true);
    const creates = await audit(`?action=pcategory.create&actor_id=${other.user.id}`);
    expect(creates.total).toBe(2);
    expect((await audit(`?action=user.ban&actor_id=${other.user.id}`)).total).toBe(0);
    const all = await audit();
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await audit(`?page=${all.last_page + 1}`)).data).toEqual([]);

    expect((await admin.client.delete(`/users/${other.user.id}`)).statusCode).toBe(204);
    const kept = await audit(`?actor_id=${other.user.id}`);
    expect(kept.total).toBe(2);
    expect(kept.data[0].actor).toEqual({
      id: other.user.id,
      first_name: '',
      last_name: '',
      deleted: true,
    });
  });

  it("records site staff changing others' offers, comments, commands and shops, not authors' own", async () => {
    const { db } = ctx().app;
    const seller = await ctx().userClient();
    const buyer = await ctx().userClient();
    const sub = await createSubcategory(db);
    const offer = () =>
      createProduct(db, {
        shop_id: shopId,
        user_id: seller.user.id,
        psubcategory_id: sub.id,
      });
    const shopId = await personalShopOf(db, seller.user.id);
    const product = await offer();
    const created = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const comment = (
      await created(
        await buyer.client.post(`/comments/create/product/${product.id}`, { text: 'Still here?' }),
      )
    ).comment.id as number;
    const command = (
      await created(
        await buyer.client.post(`/commands/create/product/${product.id}`, {
          number: 1,
          text: 'One please',
        }),
      )
    ).command.id as number;
    // The author's own edit is not a staff action.
    expect(
      (await buyer.client.put(`/comments/${comment}`, { text: 'Still there?' })).statusCode,
    ).toBe(200);
    expect(await entriesOf('comment.update', comment)).toEqual([]);

    expect((await admin.client.put(`/comments/${comment}`, { text: 'Edited' })).statusCode).toBe(
      200,
    );
    expect(
      (await admin.client.put(`/commands/${command}`, { number: 1, text: 'Edited' })).statusCode,
    ).toBe(200);
    const [commentEdit] = await entriesOf('comment.update', comment);
    expect(commentEdit).toMatchObject({
      actor: { id: admin.user.id },
      target_type: 'comment',
      before: { text: 'Still there?' },
      after: { text: 'Edited' },
    });
    expect((await entriesOf('command.update', command))[0]).toMatchObject({
      before: { text: 'One please' },
      after: { text: 'Edited' },
    });
    expect((await admin.client.delete(`/comments/${comment}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/commands/${command}`)).statusCode).toBe(204);
    expect(await entriesOf('comment.delete', comment)).toHaveLength(1);
    expect(await entriesOf('command.delete', command)).toHaveLength(1);

    // A site moderator deletes an offer of a shop they are not in; its seller deletes another.
    expect((await moderator.client.delete(`/products/${product.id}`)).statusCode).toBe(204);
    expect((await entriesOf('product.delete', product.id))[0]).toMatchObject({
      actor: { id: moderator.user.id },
      before: { shop_id: shopId, user_id: seller.user.id },
    });
    const own = await offer();
    expect((await seller.client.delete(`/products/${own.id}`)).statusCode).toBe(204);
    expect(await entriesOf('product.delete', own.id)).toEqual([]);

    // A shop: the fields a site admin changed, then its deletion.
    const shop = (
      await created(
        await seller.client.post('/shops/create', {
          name: 'Boutique Nour',
          is_professional: 'yes',
        }),
      )
    ).shop.id as number;
    expect((await seller.client.put(`/shops/${shop}`, { description: 'Mine' })).statusCode).toBe(
      200,
    );
    expect(await entriesOf('shop.update', shop)).toEqual([]);
    expect((await admin.client.put(`/shops/${shop}`, { description: 'Checked' })).statusCode).toBe(
      200,
    );
    expect((await entriesOf('shop.update', shop))[0]).toMatchObject({
      before: { description: 'Mine' },
      after: { description: 'Checked' },
    });
    expect((await admin.client.delete(`/shops/${shop}`)).statusCode).toBe(204);
    expect((await entriesOf('shop.delete', shop))[0]).toMatchObject({
      before: { name: 'Boutique Nour' },
    });
  });
});
