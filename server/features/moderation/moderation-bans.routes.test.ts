import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { manyUsers, signIn } from '../products/products.test-helpers';
import { moderationScenario } from './moderation.test-helpers';

// Issue 19 item 3: bans and unbans of accounts, in the audit log (docs/trust.md).

describeEachEngine('moderation: bans', (ctx) => {
  const { seller, foundIds, offerPage } = moderationScenario(ctx);

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
    expect((await offerPage(id)).statusCode).toBe(404);

    const unban = await mod.client.delete(`/admin/users/${s.user.id}/ban`);
    expect(unban.statusCode).toBe(200);
    expect(unban.json().user.banned_at).toBeNull();
    expect(await foundIds()).toContain(id);
    const actions = (await mod.client.get('/admin/moderation/log'))
      .json()
      .log.data.map((e: { action: string; target_id: number }) => `${e.action}:${e.target_id}`);
    expect(actions).toEqual(expect.arrayContaining([`ban:${s.user.id}`, `unban:${s.user.id}`]));
  });
});
