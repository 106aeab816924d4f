import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { manyUsers, signIn } from '../products/products.test-helpers';
import { moderationScenario } from './moderation.test-helpers';

// Issue 19 item 2: trusted reporters hold an item for review (docs/trust.md).

describeEachEngine('moderation: auto-hide', (ctx) => {
  const { seller, oldReporters, foundIds, offerPage } = moderationScenario(ctx);

  it('three trusted reporters hide an offer from everyone but its author and staff', async () => {
    const s = await seller();
    const { id } = await s.offer('Hidden Hilux');
    const reporters = await oldReporters(3);
    for (const [i, r] of reporters.entries()) {
      const res = await r.client.post(`/products/${id}/reports`, { reason: 'scam' });
      expect(res.json().report.moderation_status).toBe(i < 2 ? 'visible' : 'review');
    }
    expect((await offerPage(id)).statusCode).toBe(404);
    expect((await offerPage(id, reporters[0]!.client)).statusCode).toBe(404);
    expect(await foundIds()).not.toContain(id);
    const own = await offerPage(id, s.client);
    expect(own.statusCode).toBe(200);
    expect(own.json().product.moderation).toEqual({
      status: 'review',
      reasons: ['scam'],
      flag: null,
    });
    const mod = await signIn(ctx(), 'moderator');
    expect((await offerPage(id, mod.client)).statusCode).toBe(200);
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
});
