import { expect, it, vi } from 'vitest';
import { describeEachEngine, nextPhone } from '../../test/harness';

// Issue 29 item 12 (parts): signed-in JSON is private to its reader (no shared or HTTP cache
// keeps it, and it varies by cookie); a refused sign-in is one info line without a stack; new
// passwords may not be the most common ones.

describeEachEngine('private answers, sign-in logs, common passwords', (ctx) => {
  const isPrivate = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(
      String(res.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('cookie');
  };

  it('marks signed-in JSON private, no-store and Vary: Cookie', async () => {
    const { client } = await ctx().userClient();
    for (const url of ['/users/me', '/searches', '/notifications/unreadnotifications/count']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      isPrivate(res);
    }
    // /users/me answers by session even to nobody; a sign-in answers with the user.
    isPrivate(await ctx().client().get('/users/me'));
    const phone = nextPhone();
    const register = await ctx().client().post('/register', {
      first_name: 'Aminetou',
      last_name: 'Mint Ely',
      phone_1: phone,
      password: 'long enough pw',
      password_confirmation: 'long enough pw',
    });
    expect(register.statusCode).toBe(201);
    isPrivate(register);
    const login = await ctx().client().post('/login', { login: phone, password: 'long enough pw' });
    expect(login.statusCode).toBe(200);
    isPrivate(login);
  });

  it('logs a refused sign-in at info, without a stack, the login or the password', async () => {
    const log = ctx().app.log;
    const spies = (['info', 'warn', 'error'] as const).map((level) => vi.spyOn(log, level));
    try {
      const res = await ctx()
        .client()
        .post('/login', { login: nextPhone(), password: 'my secret guess' });
      expect(res.statusCode).toBe(422);
      const [info, warn, error] = spies;
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
      const lines = info.mock.calls.filter((call) => call[1] === 'sign-in refused');
      expect(lines).toHaveLength(1);
      expect(lines[0][0]).toEqual({ status: 422, errors: { global: ['wrong_credentials'] } });
      expect(JSON.stringify(lines[0])).not.toMatch(/stack|secret guess/);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('refuses the most common passwords at registration and on change', async () => {
    for (const password of ['12345678', 'Azertyuiop', 'motdepasse', '00000000']) {
      const res = await ctx().client().post('/register', {
        first_name: 'Aminetou',
        last_name: 'Mint Ely',
        phone_1: nextPhone(),
        password,
        password_confirmation: password,
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ password: ['password_too_common'] });
    }
    const { client } = await ctx().userClient();
    const change = await client.put('/users/password', {
      old_password: 'test-password-1',
      new_password: 'password123',
      new_password_confirmation: 'password123',
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual({ new_password: ['password_too_common'] });
  });
});
