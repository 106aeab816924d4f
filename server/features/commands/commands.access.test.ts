import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { notificationsAbout, world, type World } from './conversations.fixtures';

// SPEC §6 and DESIGN §6: who may order, edit, delete and mark sold; who sees private commands.

async function order(w: World, who: keyof World & string, body: object = {}) {
  const actor = w[who] as World['buyer'];
  const res = await actor.client.post(`/commands/create/product/${w.product.id}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().command as { id: number; user_id: number };
}

describeEachEngine('command permissions', (ctx) => {
  it('answers 401 to anonymous writes, before looking at the body', async () => {
    const w = await world(ctx());
    const c = await order(w, 'buyer');
    const anon = w.anonymous;
    expect(
      (await anon.post(`/commands/create/product/${w.product.id}`, { number: 'x' })).statusCode,
    ).toBe(401);
    expect((await anon.put(`/commands/${c.id}`, {})).statusCode).toBe(401);
    expect((await anon.delete(`/commands/${c.id}`)).statusCode).toBe(401);
    expect((await anon.get(`/commands/sold/${c.id}`)).statusCode).toBe(401);
    expect((await anon.post(`/commands/product/${w.product.id}`)).statusCode).toBe(200);
  });

  it('answers 404 to unknown products and commands', async () => {
    const w = await world(ctx());
    const u = w.buyer.client;
    expect((await u.post('/commands/product/999999')).statusCode).toBe(404);
    expect((await u.post('/commands/create/product/999999', {})).statusCode).toBe(404);
    expect((await u.put('/commands/999999', {})).statusCode).toBe(404);
    expect((await u.delete('/commands/999999')).statusCode).toBe(404);
    expect((await w.owner.client.get('/commands/sold/999999')).statusCode).toBe(404);
    expect((await u.get('/commands/command/999999')).statusCode).toBe(404);
    const bad = await u.post('/commands/product/abc');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ errors: { global: ['not_found'] } });
  });

  it('refuses orders from the shop staff, and takes them from everyone else', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    for (const who of ['owner', 'shopAdmin', 'shopModerator', 'employee'] as const) {
      const res = await w[who].client.post(`/commands/create/product/${w.product.id}`, {});
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ errors: { global: ['forbidden'] } });
    }
    for (const who of ['buyer', 'stranger', 'siteAdmin', 'siteModerator'] as const)
      await order(w, who);
  });

  it('lets only the author or a site admin edit or delete, and only while unsold', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    const c = await order(w, 'buyer');
    for (const who of [
      'stranger',
      'owner',
      'shopAdmin',
      'shopModerator',
      'employee',
      'siteModerator',
    ] as const) {
      expect((await w[who].client.put(`/commands/${c.id}`, { number: 2 })).statusCode, who).toBe(
        403,
      );
      expect((await w[who].client.delete(`/commands/${c.id}`)).statusCode, who).toBe(403);
    }
    expect((await w.buyer.client.put(`/commands/${c.id}`, { number: 2 })).statusCode).toBe(200);
    expect((await w.siteAdmin.client.put(`/commands/${c.id}`, { number: 3 })).statusCode).toBe(200);

    const byAdmin = await order(w, 'buyer');
    expect((await w.siteAdmin.client.delete(`/commands/${byAdmin.id}`)).statusCode).toBe(204);

    expect((await w.owner.client.get(`/commands/sold/${c.id}`)).statusCode).toBe(200);
    for (const who of ['buyer', 'siteAdmin'] as const) {
      const put = await w[who].client.put(`/commands/${c.id}`, { number: 1 });
      expect(put.statusCode, who).toBe(422);
      expect(put.json()).toEqual({ errors: { global: ['command_sold'] } });
      const del = await w[who].client.delete(`/commands/${c.id}`);
      expect(del.statusCode, who).toBe(422);
      expect(del.json()).toEqual({ errors: { global: ['command_sold'] } });
    }
    expect((await w.stranger.client.put(`/commands/${c.id}`, {})).statusCode).toBe(403);
    const row = await w.db
      .selectFrom('commands')
      .select('number')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.number).toBe(3);
  });

  it('lets only the shop owner, admin or moderator mark sold, once', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    for (const who of ['employee', 'buyer', 'stranger', 'siteAdmin', 'siteModerator'] as const) {
      const c = await order(w, 'buyer');
      expect((await w[who].client.get(`/commands/sold/${c.id}`)).statusCode, who).toBe(403);
    }
    for (const who of ['owner', 'shopAdmin', 'shopModerator'] as const) {
      const c = await order(w, 'stranger');
      expect((await w[who].client.get(`/commands/sold/${c.id}`)).statusCode, who).toBe(200);
      const again = await w[who].client.get(`/commands/sold/${c.id}`);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ errors: { global: ['already_sold'] } });
    }
    const counters = await w.db
      .selectFrom('products')
      .select('sold_count')
      .where('id', '=', w.product.id)
      .executeTakeFirstOrThrow();
    expect(counters.sold_count).toBe(3);
  });

  it('needs the XSRF header to mark sold, as any state-changing call', async () => {
    const w = await world(ctx());
    const c = await order(w, 'buyer');
    const res = await w.owner.client.get(`/commands/sold/${c.id}`, { xsrf: false });
    expect(res.statusCode).toBe(419);
    const row = await w.db
      .selectFrom('commands')
      .select('sold')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.sold).toBe(0);
  });
});

describeEachEngine('private commands', (ctx) => {
  const idsSeenBy = async (w: World, who: keyof World & string) => {
    const client = who === 'anonymous' ? w.anonymous : (w[who] as World['buyer']).client;
    const res = await client.post(`/commands/product/${w.product.id}`, { limit: 50 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return {
      total: body.total as number,
      ids: body.commands.map((c: { id: number }) => c.id).sort(),
    };
  };

  it('shows a private command only to its author, the shop managers and site admins; the total counts it', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    const secret = await order(w, 'buyer', { private: 'yes' });
    const open = await order(w, 'stranger');
    const all = [secret.id, open.id].sort();
    for (const who of ['buyer', 'owner', 'shopAdmin', 'shopModerator', 'siteAdmin'] as const) {
      expect(await idsSeenBy(w, who), who).toEqual({ total: 2, ids: all });
    }
    for (const who of ['stranger', 'employee', 'siteModerator', 'anonymous'] as const) {
      expect(await idsSeenBy(w, who), who).toEqual({ total: 2, ids: [open.id] });
    }
    expect((await w.stranger.client.get(`/commands/command/${secret.id}`)).statusCode).toBe(404);
    expect((await w.stranger.client.put(`/commands/${secret.id}`, {})).statusCode).toBe(404);
    expect((await w.employee.client.get(`/commands/command/${secret.id}`)).statusCode).toBe(404);
    expect((await w.owner.client.get(`/commands/command/${secret.id}`)).statusCode).toBe(200);
  });

  it('makes every command private on a private product', async () => {
    const w = await world(ctx(), { product: { number: 10, private: 'yes' } });
    const a = await order(w, 'buyer');
    const b = await order(w, 'stranger');
    expect(await idsSeenBy(w, 'buyer')).toEqual({ total: 2, ids: [a.id] });
    expect(await idsSeenBy(w, 'stranger')).toEqual({ total: 2, ids: [b.id] });
    expect(await idsSeenBy(w, 'anonymous')).toEqual({ total: 2, ids: [] });
    expect(await idsSeenBy(w, 'employee')).toEqual({ total: 2, ids: [] });
    expect(await idsSeenBy(w, 'shopModerator')).toEqual({ total: 2, ids: [a.id, b.id].sort() });
  });

  it('tells only the shop managers (not its employees) of a private command', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    await order(w, 'buyer', { private: 'yes' });
    const notes = await notificationsAbout(w.db, w.product.id);
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [w.owner, w.shopAdmin, w.shopModerator].map((u) => u.user.id).sort(),
    );
    expect(notes.every((n) => n.type === 'commanded')).toBe(true);
  });
});
