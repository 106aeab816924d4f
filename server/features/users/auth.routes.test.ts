import { expect, it } from 'vitest';
import { describeEachEngine, nextPhone, TEST_PASSWORD } from '../../test/harness';

const valid = () => ({
  first_name: 'Aminetou',
  last_name: 'Mint Ely',
  phone_1: `+222 ${nextPhone()}`,
  password: 'long enough pw',
  password_confirmation: 'long enough pw',
});

describeEachEngine('auth', (ctx) => {
  it('registers, signs in with a personal shop, and answers /users/me', async () => {
    const client = ctx().client();
    const body = valid();
    const res = await client.post('/register', {
      ...body,
      email: 'Amine@Example.mr',
      language: 'fr',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user.phone_1).toBe(body.phone_1.replace('+222 ', ''));
    expect(user.email).toBe('amine@example.mr');
    expect(user.language).toBe('fr');
    expect(user).not.toHaveProperty('password_hash');
    expect(user.shops).toHaveLength(1);
    expect(user.shops[0]).toMatchObject({
      name: 'Aminetou Mint Ely',
      is_professional: false,
      pivot: { role: 'owner' },
    });
    const me = await client.get('/users/me');
    expect(me.json().user.id).toBe(user.id);
  });

  it('answers { user: null } to an anonymous /users/me, never 401', async () => {
    const res = await ctx().client().get('/users/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('puts each bad field under its own name', async () => {
    const res = await ctx().client().post('/register', {
      first_name: '',
      phone_1: '1234',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.first_name).toEqual(['required']);
    expect(errors.last_name).toEqual(['required']);
    expect(errors.phone_1).toEqual(['phone_bad_input']);
    expect(errors.email).toEqual(['bad_input']);
    expect(errors.password).toEqual(['password_too_short']);
  });

  it('refuses a mismatched confirmation', async () => {
    const res = await ctx()
      .client()
      .post('/register', { ...valid(), password_confirmation: 'something else' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password_confirmation: ['password_confirmation_mismatch'],
    });
  });

  it('refuses a phone or email already taken, whatever its written form', async () => {
    const first = valid();
    expect(
      (
        await ctx()
          .client()
          .post('/register', { ...first, email: 'x@souq.mr' })
      ).statusCode,
    ).toBe(201);
    const again = await ctx()
      .client()
      .post('/register', {
        ...valid(),
        phone_1: `00222${first.phone_1.slice(5)}`,
        email: 'X@souq.mr',
      });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone_1: ['phone_taken'], email: ['email_taken'] });
    const users = await ctx()
      .app.db.selectFrom('users')
      .select('id')
      .where('email', '=', 'x@souq.mr')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('signs in by phone or by email, with a new session id', async () => {
    const body = valid();
    await ctx()
      .client()
      .post('/register', { ...body, email: 'login@souq.mr' });
    const client = ctx().client();
    await client.get('/users/me');
    const before = client.cookies.get('sid');
    const byPhone = await client.post('/login', { login: body.phone_1, password: body.password });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().user.phone_1).toBe(body.phone_1.replace('+222 ', ''));
    expect(client.cookies.get('sid')).not.toBe(before);
    const byEmail = await ctx()
      .client()
      .post('/login', { login: 'LOGIN@souq.mr', password: body.password });
    expect(byEmail.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const body = valid();
    await ctx().client().post('/register', body);
    const wrong = await ctx()
      .client()
      .post('/login', { login: body.phone_1, password: 'wrong password' });
    const unknown = await ctx()
      .client()
      .post('/login', { login: nextPhone(), password: 'wrong password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { global: ['wrong_credentials'] } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('throttles repeated failures on one account with 429 and Retry-After', async () => {
    const body = valid();
    await ctx().client().post('/register', body);
    const client = ctx().client();
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post('/login', { login: body.phone_1, password: 'wrong password' }))
          .statusCode,
      ).toBe(422);
    }
    const blocked = await client.post('/login', { login: body.phone_1, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().errors.global).toEqual(['too_many_attempts']);
  });

  it('signs out: the session row is gone and the old cookie no longer works', async () => {
    const { client } = await ctx().userClient();
    const oldSid = client.cookies.get('sid')!;
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/users/me')).json()).toEqual({ user: null });
    const replay = ctx().client();
    replay.cookies.set('sid', oldSid);
    expect((await replay.get('/users/me')).json()).toEqual({ user: null });
  });

  it('changes the password and ends the other sessions only', async () => {
    const { client, user } = await ctx().userClient();
    const other = ctx().client();
    await other.post('/login', { login: user.phone_1, password: TEST_PASSWORD });
    expect((await other.get('/users/me')).json().user.id).toBe(user.id);

    const wrongOld = await client.put('/users/password', {
      old_password: 'nope nope',
      new_password: 'brand new pw',
      new_password_confirmation: 'brand new pw',
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().errors).toEqual({ old_password: ['wrong_password'] });

    const res = await client.put('/users/password', {
      old_password: TEST_PASSWORD,
      new_password: 'brand new pw',
      new_password_confirmation: 'brand new pw',
    });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/users/me')).json().user.id).toBe(user.id);
    expect((await other.get('/users/me')).json()).toEqual({ user: null });
    expect(
      (await ctx().client().post('/login', { login: user.phone_1, password: 'brand new pw' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 to an anonymous password change', async () => {
    const res = await ctx().client().put('/users/password', {});
    expect(res.statusCode).toBe(401);
  });
});

describeEachEngine('XSRF', (ctx) => {
  it('refuses a state-changing request without the token, the header, or with a token from another session', async () => {
    const client = ctx().client();
    await client.get('/users/me');
    const noToken = await client.post('/register', valid(), { xsrf: false });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.json()).toEqual({ errors: { global: ['xsrf_token_mismatch'] } });

    const noHeader = await client.post('/register', valid(), {
      headers: { 'x-requested-with': '' },
    });
    expect(noHeader.statusCode).toBe(419);

    const other = ctx().client();
    await other.get('/users/me');
    const stolen = await client.post('/register', valid(), {
      headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! },
    });
    expect(stolen.statusCode).toBe(419);
    const count = await ctx()
      .app.db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const ok = await client.post('/register', valid());
    expect(ok.statusCode).toBe(201);
    const after = await ctx()
      .app.db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n) + 1);
  });

  it('renews the token at sign-in and sign-out', async () => {
    const { client } = await ctx().userClient();
    const signedIn = client.cookies.get('XSRF-TOKEN');
    await client.post('/logout');
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(signedIn);
  });
});
