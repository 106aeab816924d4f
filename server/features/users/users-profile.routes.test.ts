import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { personalShopOf } from '../../test/fixtures';
import { PROFILE_KEYS, SELF_KEYS, shopRow } from './users.test-helpers';

describeEachEngine('users: profile', (ctx) => {
  it('shows public fields only: never the email, password hash or session data', async () => {
    const { client, user } = await ctx().userClient('user', { first_name: 'Khadija' });
    await client.put(`/users/${user.id}`, { email: 'khadija@souq.mr', more_infos: 'Vendeuse' });
    const res = await ctx()
      .client()
      .get(`/users/user/${user.id}`, {
        headers: { accept: 'application/json' },
      });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(PROFILE_KEYS);
    expect(body.user).toMatchObject({
      id: user.id,
      first_name: 'Khadija',
      // Issue 29 item 2: the numbers are given on tap (GET /users/{id}/phone), the keys stay.
      phone_1: null,
      phone_2: null,
      whatsapp_number: null,
      more_infos: 'Vendeuse',
      role: 'user',
    });
    expect(res.body).not.toContain(user.phone_1);
    expect(res.body).not.toContain('khadija@souq.mr');
    expect(res.body).not.toContain('scrypt');
    expect(res.body).not.toContain('password');
  });

  it('lists the shops the user owns, their personal shop first, not those they only work in', async () => {
    const { client, user } = await ctx().userClient('user', { first_name: 'Mariem' });
    const pro = (
      await client.post('/shops/create', { name: 'Mariem Couture', is_professional: true })
    ).json().shop;
    const boss = await ctx().userClient();
    const theirs = (await boss.client.post('/shops/create', { name: 'Garage Atlas' })).json().shop;
    await ctx()
      .app.db.insertInto('shop_employees')
      .values({
        shop_id: theirs.id,
        user_id: user.id,
        role: 'employee',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await ctx()
      .client()
      .get(`/users/user/${user.id}`, { headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    const shops = res.json().user.shops;
    expect(shops.map((s: { id: number }) => s.id)).toEqual([
      await personalShopOf(ctx().app.db, user.id),
      pro.id,
    ]);
    expect(shops[1]).toMatchObject({
      name: 'Mariem Couture',
      is_professional: true,
      pivot: { role: 'owner' },
    });
  });

  it('answers 404 to unknown or malformed user ids', async () => {
    const json = { headers: { accept: 'application/json' } };
    expect((await ctx().client().get('/users/user/999999', json)).statusCode).toBe(404);
    expect((await ctx().client().get('/users/user/zero', json)).statusCode).toBe(404);
    const { client } = await ctx().userClient('admin');
    expect((await client.put('/users/999999', { first_name: 'X' })).statusCode).toBe(404);
    expect((await client.delete('/users/999999')).statusCode).toBe(404);
  });

  it('answers a browser with the page, the user name in its title, user text escaped', async () => {
    const { user } = await ctx().userClient('user', {
      first_name: '<script>alert(1)</script>',
      last_name: 'Ba',
    });
    const res = await ctx()
      .client()
      .get(`/users/user/${user.id}`, {
        headers: { accept: 'text/html' },
        xsrf: false,
      });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; Ba · Souq</title>');
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('edits the profile, normalising phones, and answers the self view', async () => {
    const { client, user } = await ctx().userClient();
    const res = await client.put(`/users/${user.id}`, {
      first_name: ' Aminetou ',
      last_name: 'Mint Ely',
      phone_2: '+222 36 00 00 01',
      whatsapp_number: '00222 46000001',
      email: 'Amine@Souq.MR',
      more_infos: 'Couturière',
      language: 'fr',
      role: 'admin',
      password_hash: 'x',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(SELF_KEYS);
    expect(body.user).toMatchObject({
      id: user.id,
      first_name: 'Aminetou',
      last_name: 'Mint Ely',
      phone_1: user.phone_1,
      phone_2: '36000001',
      whatsapp_number: '46000001',
      email: 'amine@souq.mr',
      more_infos: 'Couturière',
      language: 'fr',
      role: 'user',
    });
    const row = await ctx()
      .app.db.selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const cleared = await client.put(`/users/${user.id}`, { phone_2: '', email: null });
    expect(cleared.json().user).toMatchObject({
      phone_2: null,
      email: null,
      first_name: 'Aminetou',
    });
  });

  it('keeps the personal shop in step with the profile, unless the shop was changed', async () => {
    const { client, user } = await ctx().userClient('user', { first_name: 'Old' });
    const shopId = await personalShopOf(ctx().app.db, user.id);
    await client.put(`/users/${user.id}`, {
      first_name: 'New',
      whatsapp_number: '46111111',
      email: 'new@souq.mr',
    });
    expect(await shopRow(ctx(), shopId)).toMatchObject({
      name: 'New user',
      phone_1: user.phone_1,
      first_whatsapp_number: '46111111',
      // The email is private: never copied to the shop (issue 14 item 4).
      email: null,
    });
    await client.put(`/shops/${shopId}`, { name: 'Ma boutique' });
    await client.put(`/users/${user.id}`, { first_name: 'Newer', phone_1: '46222222' });
    expect(await shopRow(ctx(), shopId)).toMatchObject({
      name: 'Ma boutique',
      phone_1: '46222222',
    });
  });

  it('puts each bad field under its own name and changes nothing', async () => {
    const { client, user } = await ctx().userClient();
    const res = await client.put(`/users/${user.id}`, {
      first_name: '',
      last_name: 'x'.repeat(61),
      phone_1: '1234',
      phone_2: 'abc',
      whatsapp_number: '99999999',
      email: 'nope',
      more_infos: 'm'.repeat(2001),
      language: 'en',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['required'],
      last_name: ['bad_input'],
      phone_1: ['phone_bad_input'],
      phone_2: ['phone_bad_input'],
      whatsapp_number: ['phone_bad_input'],
      email: ['bad_input'],
      more_infos: ['bad_input'],
      language: ['bad_input'],
    });
    const after = (await client.get('/users/me')).json().user;
    expect(after).toMatchObject({ first_name: 'Test', phone_1: user.phone_1 });
  });

  it('refuses a phone or email another account has', async () => {
    const first = await ctx().userClient();
    await first.client.put(`/users/${first.user.id}`, { email: 'taken@souq.mr' });
    const { client, user } = await ctx().userClient();
    const res = await client.put(`/users/${user.id}`, {
      phone_1: `+222${first.user.phone_1}`,
      email: 'TAKEN@souq.mr',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone_1: ['phone_taken'], email: ['email_taken'] });
    // One's own phone and email are not "taken".
    const same = await first.client.put(`/users/${first.user.id}`, {
      phone_1: first.user.phone_1,
      email: 'taken@souq.mr',
    });
    expect(same.statusCode).toBe(200);
  });

  it('lets only the user or a site admin edit the profile', async () => {
    const target = await ctx().userClient();
    const stranger = await ctx().userClient();
    const moderator = await ctx().userClient('moderator');
    const admin = await ctx().userClient('admin');
    for (const who of [stranger, moderator]) {
      expect(
        (await who.client.put(`/users/${target.user.id}`, { first_name: 'Pris' })).statusCode,
      ).toBe(403);
    }
    expect(
      (await ctx().client().put(`/users/${target.user.id}`, { first_name: 'X' })).statusCode,
    ).toBe(401);
    const res = await admin.client.put(`/users/${target.user.id}`, { more_infos: 'Vérifié' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: target.user.id,
      more_infos: 'Vérifié',
      first_name: 'Test',
    });
  });
});
