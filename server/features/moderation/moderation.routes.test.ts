import { beforeAll, expect, it } from 'vitest';
import { DAILY_OFFER_LIMITS } from '../../../shared/domain/account-trust';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { manyUsers, signIn } from '../products/products.test-helpers';
import { now } from '../../db/connect';

// Issue 19 items 1-3: reports with a reason, auto-hide by trusted reporters, the moderation queue,
// bans and the audit log (docs/trust.md).

describeEachEngine('moderation: reports, auto-hide, queue, bans', (ctx) => {
  let subId: number;

  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db)).id;
  });

  async function seller() {
    const s = await signIn(ctx());
    const shopId = await personalShopOf(ctx().app.db, s.user.id);
    const offer = async (name = 'Toyota Hilux 2015') =>
      createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subId,
        user_id: s.user.id,
        name,
        search_text: name.toLowerCase(),
      });
    return { ...s, shopId, offer };
  }

  async function oldReporters(n: number) {
    const users = await manyUsers(ctx(), n);
    await ageAccounts(
      ctx().app.db,
      users.map((u) => u.user.id),
    );
    return users;
  }

  const foundIds = async (client = ctx().client()) =>
    (
      (await client.post('/products/all/0/search', { type: 'offer' })).json().products.data as {
        id: number;
      }[]
    ).map((p) => p.id);

  it('takes a report with a reason and text, once per user, counted with its row', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const [r] = await oldReporters(1);
    const res = await r!.client.post(`/products/${id}/reports`, {
      reason: 'scam',
      text: 'asks for money first',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      report: { reason: 'scam', reports_count: 1, moderation_status: 'visible' },
    });
    // Again, with another reason: still one report, its reason replaced.
    const again = await r!.client.post(`/products/${id}/reports`, { reason: 'duplicate' });
    expect(again.json().report.reports_count).toBe(1);
    // SPEC's GET keeps working (reason other) and stays one report per user.
    expect((await r!.client.get(`/products/report/add/${id}`)).json()).toEqual({
      reports_count: 1,
      reported: true,
    });
    const row = await ctx()
      .app.db.selectFrom('products')
      .select('reports_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reports_count).toBe(1);
    expect((await r!.client.get(`/products/report/remove/${id}`)).json().reports_count).toBe(0);
  });

  it('refuses bad reasons, anonymous users, the shop staff, unknown ids and missing XSRF', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const [r] = await oldReporters(1);
    const bad = await r!.client.post(`/products/${id}/reports`, { reason: 'ugly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reason).toBeDefined();
    const long = await r!.client.post(`/products/${id}/reports`, {
      reason: 'other',
      text: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect((await r!.client.post(`/products/${id}/reports`, {})).statusCode).toBe(422);
    expect(
      (await ctx().client().post(`/products/${id}/reports`, { reason: 'scam' })).statusCode,
    ).toBe(401);
    expect((await s.client.post(`/products/${id}/reports`, { reason: 'scam' })).statusCode).toBe(
      403,
    );
    expect((await r!.client.post(`/products/999999/reports`, { reason: 'scam' })).statusCode).toBe(
      404,
    );
    const noXsrf = await r!.client.request('POST', `/products/${id}/reports`, {
      body: { reason: 'scam' },
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(noXsrf.statusCode).toBe(419);
  });

  it('three trusted reporters hide an offer from everyone but its author and staff', async () => {
    const s = await seller();
    const { id } = await s.offer('Hidden Hilux');
    const reporters = await oldReporters(3);
    for (const [i, r] of reporters.entries()) {
      const res = await r.client.post(`/products/${id}/reports`, { reason: 'scam' });
      expect(res.json().report.moderation_status).toBe(i < 2 ? 'visible' : 'review');
    }
    const stranger = ctx().client();
    expect(
      (await stranger.get(`/products/product/${id}`, { headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await reporters[0]!.client.get(`/products/product/${id}`, {
          headers: { accept: 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await foundIds()).not.toContain(id);
    const own = await s.client.get(`/products/product/${id}`, {
      headers: { accept: 'application/json' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().product.moderation).toEqual({
      status: 'review',
      reasons: ['scam'],
      flag: null,
    });
    const mod = await signIn(ctx(), 'moderator');
    expect(
      (await mod.client.get(`/products/product/${id}`, { headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(200);
    // The author was told.
    const note = await ctx()
      .app.db.selectFrom('notifications')
      .select('type')
      .where('user_id', '=', s.user.id)
      .execute();
    expect(note.map((n) => n.type)).toContain('moderation_review');
  });

  it('new accounts alone do not hide an offer', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const fresh = await manyUsers(ctx(), 3);
    for (const r of fresh) await r.client.post(`/products/${id}/reports`, { reason: 'scam' });
    const row = await ctx()
      .app.db.selectFrom('products')
      .select('moderation_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.moderation_status).toBe('visible');
  });

  it('reports and hides comments and commands; hidden ones leave the lists of others', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const [author] = await manyUsers(ctx(), 1);
    const comment = await author!.client.post(`/comments/create/product/${id}`, {
      text: 'call me',
    });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.json().comment.id as number;
    const command = await author!.client.post(`/commands/create/product/${id}`, {
      number: 1,
      text: 'I buy',
    });
    expect(command.statusCode).toBe(201);
    const commandId = command.json().command.id as number;
    expect(
      (await author!.client.post(`/comments/${commentId}/reports`, { reason: 'offensive' }))
        .statusCode,
    ).toBe(403);
    const reporters = await oldReporters(3);
    for (const r of reporters) {
      expect(
        (await r.client.post(`/comments/${commentId}/reports`, { reason: 'offensive' })).statusCode,
      ).toBe(201);
      expect(
        (await r.client.post(`/commands/${commandId}/reports`, { reason: 'scam' })).statusCode,
      ).toBe(201);
    }
    const list = async (client = ctx().client()) =>
      ((await client.post(`/comments/product/${id}`, {})).json().comments as { id: number }[]).map(
        (c) => c.id,
      );
    expect(await list()).not.toContain(commentId);
    expect(await list(author!.client)).toContain(commentId);
    const single = await ctx()
      .client()
      .get(`/comments/comment/${commentId}`, { headers: { accept: 'application/json' } });
    expect(single.statusCode).toBe(404);
    const commands = async (client = ctx().client()) =>
      ((await client.post(`/commands/product/${id}`, {})).json().commands as { id: number }[]).map(
        (c) => c.id,
      );
    expect(await commands(reporters[0]!.client)).not.toContain(commandId);
    const mine = (await author!.client.post(`/commands/product/${id}`, {})).json().commands;
    expect(mine.find((c: { id: number }) => c.id === commandId).moderation_status).toBe('review');
    expect(
      (await reporters[0]!.client.post(`/comments/999999/reports`, { reason: 'scam' })).statusCode,
    ).toBe(404);
  });

  it('the queue: staff only; reports with reasons; hide, restore, dismiss, delete; the log', async () => {
    const s = await seller();
    const { id } = await s.offer('Queued Hilux');
    const reporters = await oldReporters(2);
    for (const r of reporters)
      await r.client.post(`/products/${id}/reports`, { reason: 'prohibited', text: 'weapon' });
    const [user] = await manyUsers(ctx(), 1);
    expect((await ctx().client().get('/admin/moderation')).statusCode).toBe(401);
    expect((await user!.client.get('/admin/moderation')).statusCode).toBe(403);
    expect(
      (await user!.client.post(`/admin/moderation/product/${id}`, { action: 'hide' })).statusCode,
    ).toBe(403);
    const mod = await signIn(ctx(), 'moderator');
    expect((await mod.client.get('/admin/moderation?status=nope')).statusCode).toBe(422);
    const queue = await mod.client.get('/admin/moderation?sort=most_reported');
    expect(queue.statusCode).toBe(200);
    const item = queue
      .json()
      .items.data.find((i: { type: string; id: number }) => i.type === 'product' && i.id === id);
    expect(item).toMatchObject({
      pending: true,
      reports_count: 2,
      moderation_status: 'visible',
      title: 'Queued Hilux',
    });
    expect(item.reports).toHaveLength(2);
    expect(item.reports[0]).toMatchObject({ reason: 'prohibited', text: 'weapon', status: 'open' });

    expect(
      (await mod.client.post(`/admin/moderation/product/${id}`, { action: 'burn' })).statusCode,
    ).toBe(422);
    // A path that names no kind of item names nothing: 404.
    expect(
      (await mod.client.post(`/admin/moderation/thing/${id}`, { action: 'hide' })).statusCode,
    ).toBe(404);
    expect(
      (await mod.client.post(`/admin/moderation/product/999999`, { action: 'hide' })).statusCode,
    ).toBe(404);

    const hidden = await mod.client.post(`/admin/moderation/product/${id}`, {
      action: 'hide',
      note: 'weapons',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().item).toMatchObject({ moderation_status: 'hidden', pending: false });
    expect(await foundIds()).not.toContain(id);
    // Upheld reports count in their reporters' record.
    const record = await ctx()
      .app.db.selectFrom('users')
      .select('reports_upheld')
      .where('id', '=', reporters[0]!.user.id)
      .executeTakeFirstOrThrow();
    expect(record.reports_upheld).toBe(1);

    const restored = await mod.client.post(`/admin/moderation/product/${id}`, {
      action: 'restore',
    });
    expect(restored.json().item.moderation_status).toBe('visible');
    expect(await foundIds()).toContain(id);

    const kinds = (
      await ctx()
        .app.db.selectFrom('notifications')
        .select('type')
        .where('user_id', '=', s.user.id)
        .execute()
    ).map((n) => n.type);
    expect(kinds).toEqual(expect.arrayContaining(['moderation_hidden', 'moderation_restored']));

    const gone = await mod.client.post(`/admin/moderation/product/${id}`, { action: 'delete' });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().item.moderation_status).toBeNull();
    expect(
      (
        await ctx()
          .client()
          .get(`/products/product/${id}`, { headers: { accept: 'application/json' } })
      ).statusCode,
    ).toBe(404);

    const log = await mod.client.get('/admin/moderation/log');
    expect(log.statusCode).toBe(200);
    const actions = log
      .json()
      .log.data.filter(
        (e: { target_id: number; target_type: string }) =>
          e.target_type === 'product' && e.target_id === id,
      );
    expect(actions.map((e: { action: string }) => e.action)).toEqual(['delete', 'restore', 'hide']);
    expect(actions[2]).toMatchObject({ note: 'weapons', actor: { id: mod.user.id } });
    expect((await user!.client.get('/admin/moderation/log')).statusCode).toBe(403);
  });

  it('dismiss ends a hold and counts against the reporters', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const reporters = await oldReporters(3);
    for (const r of reporters)
      await r.client.post(`/products/${id}/reports`, { reason: 'duplicate' });
    const admin = await signIn(ctx(), 'admin');
    const res = await admin.client.post(`/admin/moderation/product/${id}`, { action: 'dismiss' });
    expect(res.json().item).toMatchObject({ moderation_status: 'visible', pending: false });
    expect(res.json().item.reports.every((r: { status: string }) => r.status === 'dismissed')).toBe(
      true,
    );
    const queue = (await admin.client.get('/admin/moderation')).json().items.data;
    expect(
      queue.some((i: { id: number; type: string }) => i.type === 'product' && i.id === id),
    ).toBe(false);
  });

  it('a ban ends sessions, hides offers, refuses sign-in; unban shows them again', async () => {
    const s = await seller();
    const { id } = await s.offer('Banned Hilux');
    const mod = await signIn(ctx(), 'moderator');
    const [user] = await manyUsers(ctx(), 1);
    expect(
      (await user!.client.post(`/admin/users/${s.user.id}/ban`, { reason: 'scam' })).statusCode,
    ).toBe(403);
    expect((await mod.client.post(`/admin/users/999999/ban`, { reason: 'scam' })).statusCode).toBe(
      404,
    );
    expect((await mod.client.post(`/admin/users/${mod.user.id}/ban`, {})).statusCode).toBe(403);
    const admin = await signIn(ctx(), 'admin');
    expect((await mod.client.post(`/admin/users/${admin.user.id}/ban`, {})).statusCode).toBe(403);

    const ban = await mod.client.post(`/admin/users/${s.user.id}/ban`, { reason: 'scam offers' });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().user).toMatchObject({ id: s.user.id, ban_reason: 'scam offers' });
    expect((await mod.client.post(`/admin/users/${s.user.id}/ban`, {})).statusCode).toBe(422);
    // The session is gone; sign-in says why.
    expect((await s.client.get('/users/me')).json().user).toBeNull();
    const login = await ctx()
      .client()
      .post('/login', { login: s.user.phone_1, password: 'test-password-1' });
    expect(login.statusCode).toBe(403);
    expect(login.json().errors.global).toEqual(['account_banned']);
    expect(await foundIds()).not.toContain(id);
    expect(
      (
        await ctx()
          .client()
          .get(`/products/product/${id}`, { headers: { accept: 'application/json' } })
      ).statusCode,
    ).toBe(404);

    const unban = await mod.client.delete(`/admin/users/${s.user.id}/ban`);
    expect(unban.statusCode).toBe(200);
    expect(unban.json().user.banned_at).toBeNull();
    expect(await foundIds()).toContain(id);
    const actions = (await mod.client.get('/admin/moderation/log'))
      .json()
      .log.data.map((e: { action: string; target_id: number }) => `${e.action}:${e.target_id}`);
    expect(actions).toEqual(expect.arrayContaining([`ban:${s.user.id}`, `unban:${s.user.id}`]));
    void now;
  });
});

describeEachEngine('moderation: scam signals of new accounts', (ctx) => {
  it('holds a new account’s comment with a phone number; an old account’s stays', async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db, { name: 'signals' })).id;
    const s = await signIn(ctx());
    const shopId = await personalShopOf(db, s.user.id);
    const { id } = await createProduct(db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: s.user.id,
    });
    const [fresh, old] = await manyUsers(ctx(), 2);
    await ageAccounts(db, [old!.user.id]);
    const held = await fresh!.client.post(`/comments/create/product/${id}`, {
      text: 'اتصل ٤٦٤٥٦٧٨٩',
    });
    expect(held.statusCode).toBe(201);
    expect(held.json().comment.moderation_status).toBe('review');
    const kept = await old!.client.post(`/comments/create/product/${id}`, {
      text: 'اتصل ٤٦٤٥٦٧٨٩',
    });
    expect(kept.json().comment.moderation_status).toBeUndefined();
    const others = (await ctx().client().post(`/comments/product/${id}`, {})).json().comments;
    expect(others.map((c: { id: number }) => c.id)).toEqual([kept.json().comment.id]);
    const mod = await signIn(ctx(), 'moderator');
    const queue = (await mod.client.get('/admin/moderation')).json().items.data;
    const item = queue.find(
      (i: { type: string; id: number }) => i.type === 'comment' && i.id === held.json().comment.id,
    );
    expect(item).toMatchObject({ flag: 'contact_in_text', moderation_status: 'review' });
  });

  it('limits a new account’s offers per day with a clear message', async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db, { name: 'quota' })).id;
    const s = await signIn(ctx());
    const shopId = await personalShopOf(db, s.user.id);
    // The one per-day rule (shared/domain/account-trust.ts): new and unverified.
    for (let i = 0; i < DAILY_OFFER_LIMITS.newUnverified; i++)
      await createProduct(db, { shop_id: shopId, psubcategory_id: subId, user_id: s.user.id });
    const res = await s.client.post('/products/create/offer', {
      name: 'One more',
      psubcategory_id: subId,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors.global).toEqual(['new_account_offer_limit']);
    await ageAccounts(db, [s.user.id]);
    const later = await s.client.post('/products/create/offer', {
      name: 'One more',
      psubcategory_id: subId,
    });
    expect(later.statusCode).not.toBe(429);
  });
});
