import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { manyUsers, signIn } from '../products/products.test-helpers';
import { moderationScenario } from './moderation.test-helpers';

// Issue 19 item 3: the staff's queue, hide/restore/dismiss/delete and the audit log (docs/trust.md).

describeEachEngine('moderation: the queue, its actions and log', (ctx) => {
  const { seller, oldReporters, foundIds, offerPage } = moderationScenario(ctx);

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
    expect((await offerPage(id)).statusCode).toBe(404);

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
});
