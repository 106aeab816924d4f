import { expect, it } from 'vitest';
import { now } from '../../db/connect';
import { describeEachEngine, nextPhone, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { register } from './users.service';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { sendForm, storedFiles, variantsOf } from '../shops/images.fixtures';
import {
  command,
  comment,
  counterMismatches,
  react,
  recountAll,
  report,
  save,
} from './activity.fixtures';

const PUBLIC_KEYS = [
  'cover',
  'cover_small_url',
  'cover_url',
  'created_at',
  'first_name',
  'id',
  'last_name',
  'more_infos',
  'phone_1',
  'phone_2',
  'photo',
  'photo_small_url',
  'photo_url',
  'role',
  'whatsapp_number',
].sort();
const SELF_KEYS = [...PUBLIC_KEYS, 'email', 'language', 'shops'].sort();

async function shopRow(ctx: TestContext, id: number) {
  return ctx.app.db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
}

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
    expect(Object.keys(body.user).sort()).toEqual(PUBLIC_KEYS);
    expect(body.user).toMatchObject({
      id: user.id,
      first_name: 'Khadija',
      phone_1: user.phone_1,
      more_infos: 'Vendeuse',
      role: 'user',
    });
    expect(res.body).not.toContain('khadija@souq.mr');
    expect(res.body).not.toContain('scrypt');
    expect(res.body).not.toContain('password');
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
      email: 'new@souq.mr',
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

describeEachEngine('users: deletion', (ctx) => {
  it('refuses anonymous visitors and other users', async () => {
    const target = await ctx().userClient();
    const stranger = await ctx().userClient();
    const moderator = await ctx().userClient('moderator');
    expect((await ctx().client().delete(`/users/${target.user.id}`)).statusCode).toBe(401);
    expect((await stranger.client.delete(`/users/${target.user.id}`)).statusCode).toBe(403);
    expect((await moderator.client.delete(`/users/${target.user.id}`)).statusCode).toBe(403);
    expect(
      (
        await ctx()
          .client()
          .get(`/users/user/${target.user.id}`, { headers: { accept: 'application/json' } })
      ).statusCode,
    ).toBe(200);
  });

  it('deletes yourself: signed out, your shops and their products gone, others kept', async () => {
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    const me = await ctx().userClient();
    const colleague = await ctx().userClient();
    const personal = await personalShopOf(db, me.user.id);
    const pro = (
      await me.client.post('/shops/create', { name: 'Pro', is_professional: true })
    ).json().shop.id;
    await me.client.post(`/shops/${pro}/employees`, {
      login: colleague.user.phone_1,
      role: 'admin',
    });
    const theirs = await personalShopOf(db, colleague.user.id);
    await colleague.client.post(`/shops/${theirs}/employees`, {
      login: me.user.phone_1,
      role: 'employee',
    });
    const mine = await createProduct(db, {
      shop_id: personal,
      psubcategory_id: sub.id,
      user_id: me.user.id,
    });
    const inPro = await createProduct(db, {
      shop_id: pro,
      psubcategory_id: sub.id,
      user_id: colleague.user.id,
    });
    const postedForThem = await createProduct(db, {
      shop_id: theirs,
      psubcategory_id: sub.id,
      user_id: me.user.id,
    });
    // Real stored files: a product image (stored as the products feature does), the user's photo
    // and cover, and the logo and cover of the shop they own, all through the image pipeline.
    const productImage = await ctx().app.media.saveImage(await files.png(64, 48), 'files');
    await db
      .insertInto('product_files')
      .values({
        product_id: mine.id,
        type: 'image',
        name: productImage.name,
        extension: 'webp',
        created_at: now(),
      })
      .execute();
    const profile = await sendForm(me.client, 'PUT', `/users/${me.user.id}`, {}, [
      { field: 'photo', name: 'me.jpg', data: await files.jpegWithExif() },
      { field: 'cover', name: 'cover.png', data: await files.png(600, 200) },
    ]);
    expect(profile.statusCode).toBe(200);
    const proImages = await sendForm(me.client, 'PUT', `/shops/${pro}`, {}, [
      { field: 'logo', name: 'logo.png', data: await files.png(100, 100) },
      { field: 'cover', name: 'cover.png', data: await files.png(500, 100) },
    ]);
    expect(proImages.statusCode).toBe(200);
    // The colleague's photo stays: it is theirs.
    const theirPhoto = (
      await sendForm(colleague.client, 'PUT', `/users/${colleague.user.id}`, {}, [
        { field: 'photo', name: 'p.png', data: await files.png(50, 50) },
      ])
    ).json().user.photo;
    const mineFiles = [
      productImage.name,
      profile.json().user.photo,
      profile.json().user.cover,
      proImages.json().shop.logo,
      proImages.json().shop.cover,
    ].flatMap(variantsOf);
    expect(storedFiles(ctx()).sort()).toEqual([...mineFiles, ...variantsOf(theirPhoto)].sort());

    const res = await me.client.delete(`/users/${me.user.id}`);
    expect(res.statusCode).toBe(204);
    expect((await me.client.get('/users/me')).json()).toEqual({ user: null });
    const login = await ctx()
      .client()
      .post('/login', { login: me.user.phone_1, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(422);
    expect(
      await db.selectFrom('sessions').selectAll().where('user_id', '=', me.user.id).execute(),
    ).toEqual([]);
    expect(await shopRow(ctx(), personal)).toBeUndefined();
    expect(await shopRow(ctx(), pro)).toBeUndefined();
    expect(await shopRow(ctx(), theirs)).toBeDefined();
    const products = await db
      .selectFrom('products')
      .select(['id', 'user_id'])
      .where('id', 'in', [mine.id, inPro.id, postedForThem.id])
      .execute();
    expect(products).toEqual([{ id: postedForThem.id, user_id: null }]);
    expect(
      await db.selectFrom('shop_employees').selectAll().where('user_id', '=', me.user.id).execute(),
    ).toEqual([]);
    expect(storedFiles(ctx())).toEqual(variantsOf(theirPhoto));
    expect(
      (
        await ctx()
          .client()
          .get(`/users/user/${me.user.id}`, { headers: { accept: 'application/json' } })
      ).statusCode,
    ).toBe(404);
  });

  it('lets a site admin delete any user and stay signed in', async () => {
    const target = await ctx().userClient();
    const admin = await ctx().userClient('admin');
    expect((await admin.client.delete(`/users/${target.user.id}`)).statusCode).toBe(204);
    expect((await admin.client.get('/users/me')).json().user.id).toBe(admin.user.id);
    expect((await target.client.get('/users/me')).json()).toEqual({ user: null });
  });

  it('leaves every remaining counter equal to its rows', async () => {
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    const v = (await ctx().userClient()).user.id;
    const a = (await ctx().userClient()).user.id;
    const b = (await ctx().userClient()).user.id;
    const shopOf = (id: number) => personalShopOf(db, id);
    const p1 = (await createProduct(db, { shop_id: await shopOf(a), psubcategory_id: sub.id })).id;
    const p2 = (await createProduct(db, { shop_id: await shopOf(a), psubcategory_id: sub.id })).id;
    const p3 = (await createProduct(db, { shop_id: await shopOf(b), psubcategory_id: sub.id })).id;
    const pv = (await createProduct(db, { shop_id: await shopOf(v), psubcategory_id: sub.id })).id;
    for (const [u, p] of [
      [v, p1],
      [v, p2],
      [b, p1],
      [a, p3],
      [b, pv],
      [a, pv],
    ])
      await save(db, u, p);
    for (const [u, p] of [
      [v, p1],
      [b, p1],
      [a, pv],
    ])
      await report(db, u, p);
    const ka = await command(db, a, p3);
    const kv1 = await command(db, v, p1);
    await command(db, v, p2);
    await command(db, v, p2);
    const kb = await command(db, b, pv);
    const ca = await comment(db, a, 'product', p1);
    const cv1 = await comment(db, v, 'product', p1);
    await comment(db, v, 'comment', ca);
    const ca2 = await comment(db, a, 'comment', cv1);
    await comment(db, b, 'comment', ca2);
    await comment(db, v, 'command', ka);
    await comment(db, b, 'command', kv1);
    const cb2 = await comment(db, b, 'product', p1);
    await comment(db, v, 'comment', cb2);
    await comment(db, v, 'comment', cb2);
    await comment(db, a, 'product', pv);
    await react(db, v, 'product', p1, 'like');
    await react(db, v, 'product', p3, 'love');
    await react(db, a, 'product', p1, 'like');
    await react(db, v, 'comment', ca, 'haha');
    await react(db, b, 'comment', ca, 'like');
    await react(db, v, 'command', ka, 'wow');
    await react(db, b, 'comment', cv1, 'sad');
    await react(db, a, 'command', kv1, 'angry');
    await react(db, v, 'comment', cb2, 'like');
    await react(db, a, 'product', pv, 'like');
    await react(db, b, 'command', kb, 'love');
    await recountAll(db);
    const before = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p1)
      .executeTakeFirstOrThrow();
    expect(before).toMatchObject({
      saved_count: 2,
      reports_count: 2,
      comments_count: 3,
      commands_count: 1,
      like_count: 2,
    });

    const { client: admin } = await ctx().userClient('admin');
    expect((await admin.delete(`/users/${v}`)).statusCode).toBe(204);

    expect(await counterMismatches(db)).toEqual([]);
    const product = (id: number) =>
      db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await product(p1)).toMatchObject({
      saved_count: 1,
      reports_count: 1,
      comments_count: 2,
      commands_count: 0,
      like_count: 1,
    });
    expect(await product(p2)).toMatchObject({ saved_count: 0, commands_count: 0 });
    expect(await product(p3)).toMatchObject({ saved_count: 1, love_count: 0, commands_count: 1 });
    expect(await product(pv)).toBeUndefined();
    const commentRow = (id: number) =>
      db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await commentRow(ca)).toMatchObject({ comments_count: 0, haha_count: 0, like_count: 1 });
    expect(await commentRow(cb2)).toMatchObject({ comments_count: 0, like_count: 0 });
    expect(await commentRow(cv1)).toBeUndefined();
    expect(await commentRow(ca2)).toBeUndefined();
    expect(
      await db.selectFrom('commands').selectAll().where('id', '=', ka).executeTakeFirst(),
    ).toMatchObject({ comments_count: 0, wow_count: 0 });
    for (const table of [
      'saves',
      'reports',
      'reactions',
      'comments',
      'commands',
      'notifications',
    ] as const) {
      expect(
        await db.selectFrom(table).select('user_id').where('user_id', '=', v).execute(),
      ).toEqual([]);
    }
  });

  it('keeps counters exact while others save and react on the same product meanwhile', async () => {
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    const v = (await ctx().userClient()).user.id;
    const owner = (await ctx().userClient()).user.id;
    const p = (
      await createProduct(db, { shop_id: await personalShopOf(db, owner), psubcategory_id: sub.id })
    ).id;
    await save(db, v, p);
    await react(db, v, 'product', p, 'like');
    await comment(db, v, 'product', p);
    await command(db, v, p);
    await recountAll(db);
    const others: number[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await register(
        db,
        {
          first_name: 'Other',
          last_name: String(i),
          phone_1: nextPhone(),
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
        },
        ctx().config.scryptLogN,
      );
      others.push(user.id);
    }
    // What the saves and reactions features do: the row and its counter in one transaction.
    const saveAndLike = (u: number) =>
      db.transaction().execute(async (trx) => {
        await save(trx, u, p);
        await react(trx, u, 'product', p, 'like');
        await trx
          .updateTable('products')
          .set((eb) => ({
            saved_count: eb('saved_count', '+', 1),
            like_count: eb('like_count', '+', 1),
          }))
          .where('id', '=', p)
          .execute();
      });
    const { client: admin } = await ctx().userClient('admin');
    const [deleted] = await Promise.all([
      admin.delete(`/users/${v}`),
      ...others.map((u) => saveAndLike(u)),
    ]);
    expect(deleted.statusCode).toBe(204);
    expect(await counterMismatches(db)).toEqual([]);
    expect(
      await db
        .selectFrom('products')
        .select(['saved_count', 'like_count', 'comments_count', 'commands_count'])
        .where('id', '=', p)
        .executeTakeFirstOrThrow(),
    ).toEqual({ saved_count: 20, like_count: 20, comments_count: 0, commands_count: 0 });
  });

  it('keeps counters exact when another save holds the product while the user goes', async () => {
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    const v = (await ctx().userClient()).user.id;
    const owner = (await ctx().userClient()).user.id;
    const p = (
      await createProduct(db, { shop_id: await personalShopOf(db, owner), psubcategory_id: sub.id })
    ).id;
    await save(db, v, p);
    await recountAll(db);
    const { client: admin } = await ctx().userClient('admin');
    // Another user's save is written and counted, but not yet committed, when the deletion starts:
    // the deletion must wait for it and count it (a recount from the statement's snapshot would not).
    let wrote!: () => void;
    let commit!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const held = db.transaction().execute(async (trx) => {
      await save(trx, owner, p);
      await trx
        .updateTable('products')
        .set((eb) => ({ saved_count: eb('saved_count', '+', 1) }))
        .where('id', '=', p)
        .execute();
      wrote();
      await committed;
    });
    await written;
    const deletion = admin.delete(`/users/${v}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await held;
    expect((await deletion).statusCode).toBe(204);
    expect(await counterMismatches(db)).toEqual([]);
    const row = await db
      .selectFrom('products')
      .select('saved_count')
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect(row.saved_count).toBe(1);
  });
});

describeEachEngine('users: photo and cover', (ctx) => {
  const MEDIA_NAME = /^[a-f0-9]{32}$/;

  it('takes the photo and cover in a multipart profile edit, with the text fields', async () => {
    const { client, user } = await ctx().userClient();
    const res = await sendForm(
      client,
      'PUT',
      `/users/${user.id}`,
      { first_name: 'Mariem', whatsapp_number: '46 00 00 02', more_infos: 'Tailleur' },
      [
        { field: 'photo', name: 'me.jpg', data: await files.jpegWithExif() },
        { field: 'cover', name: 'cover.png', data: await files.png(1200, 300) },
      ],
    );
    expect(res.statusCode).toBe(200);
    const self = res.json().user;
    expect(Object.keys(self).sort()).toEqual(SELF_KEYS);
    expect(self).toMatchObject({
      first_name: 'Mariem',
      whatsapp_number: '46000002',
      more_infos: 'Tailleur',
    });
    expect(self.photo).toMatch(MEDIA_NAME);
    expect(self.cover).toMatch(MEDIA_NAME);
    expect(self).toMatchObject({
      photo_url: `/media/${self.photo}.webp`,
      photo_small_url: `/media/${self.photo}-small.webp`,
      cover_url: `/media/${self.cover}.webp`,
      cover_small_url: `/media/${self.cover}-small.webp`,
    });
    expect(Object.keys(self.shops[0]).sort()).toEqual(
      ['id', 'is_professional', 'logo', 'logo_small_url', 'logo_url', 'name', 'pivot'].sort(),
    );
    for (const url of [self.photo_url, self.photo_small_url, self.cover_url]) {
      const served = await ctx().client().get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.includes('secret-owner')).toBe(false);
    }
    const shown = (
      await ctx()
        .client()
        .get(`/users/user/${user.id}`, { headers: { accept: 'application/json' } })
    ).json().user;
    expect(Object.keys(shown).sort()).toEqual(PUBLIC_KEYS);
    expect(shown).toMatchObject({
      photo: self.photo,
      photo_small_url: self.photo_small_url,
      cover_url: self.cover_url,
    });
    // The staff lists show the photo too.
    const shopId = await personalShopOf(ctx().app.db, user.id);
    const staff = (await ctx().client().get(`/shops/${shopId}/employees`)).json().employees;
    expect(staff[0]).toMatchObject({ photo: self.photo, photo_small_url: self.photo_small_url });
  });

  it('refuses a video or an SVG under its field and leaves no file when any check fails', async () => {
    const taken = await ctx().userClient();
    const { client, user } = await ctx().userClient();
    const stranger = await ctx().userClient();
    const admin = await ctx().userClient('admin');
    const before = storedFiles(ctx());
    const photo = async () => [{ field: 'photo', name: 'p.png', data: await files.png(60, 60) }];
    const url = `/users/${user.id}`;

    const types = await sendForm(client, 'PUT', url, {}, [
      { field: 'photo', name: 'p.mp4', data: files.mp4Header() },
      { field: 'cover', name: 'c.svg', data: files.svg() },
    ]);
    expect(types.statusCode).toBe(422);
    expect(types.json().errors).toEqual({
      photo: ['file_type_not_allowed'],
      cover: ['file_type_not_allowed'],
    });
    const badPhone = await sendForm(client, 'PUT', url, { phone_2: '12' }, await photo());
    expect(badPhone.json().errors).toEqual({ phone_2: ['phone_bad_input'] });
    const takenPhone = await sendForm(
      client,
      'PUT',
      url,
      { phone_1: taken.user.phone_1 },
      await photo(),
    );
    expect(takenPhone.json().errors).toEqual({ phone_1: ['phone_taken'] });
    const twoPhotos = await sendForm(client, 'PUT', url, {}, [
      ...(await photo()),
      ...(await photo()),
    ]);
    expect(twoPhotos.json().errors).toEqual({ photo: ['too_many_files'] });
    expect((await sendForm(stranger.client, 'PUT', url, {}, await photo())).statusCode).toBe(403);
    expect((await sendForm(ctx().client(), 'PUT', url, {}, await photo())).statusCode).toBe(401);
    expect(
      (await sendForm(admin.client, 'PUT', '/users/999999', {}, await photo())).statusCode,
    ).toBe(404);

    expect(storedFiles(ctx())).toEqual(before);
    const row = await ctx()
      .app.db.selectFrom('users')
      .select(['photo', 'cover', 'phone_2'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ photo: null, cover: null, phone_2: null });
  });

  it('replaces the photo and removes the old files; clears with an empty field or null', async () => {
    const { client, user } = await ctx().userClient();
    const url = `/users/${user.id}`;
    const first = (
      await sendForm(client, 'PUT', url, {}, [
        { field: 'photo', name: 'a.png', data: await files.png(70, 70) },
        { field: 'cover', name: 'c.png', data: await files.png(300, 100) },
      ])
    ).json().user;
    // A site admin replaces the photo.
    const admin = await ctx().userClient('admin');
    const second = (
      await sendForm(admin.client, 'PUT', url, {}, [
        { field: 'photo', name: 'b.png', data: await files.png(90, 90) },
      ])
    ).json().user;
    expect(second.photo).toMatch(MEDIA_NAME);
    expect(second.photo).not.toBe(first.photo);
    expect(second.cover).toBe(first.cover);
    let stored = storedFiles(ctx());
    expect(stored).toEqual(
      expect.arrayContaining([...variantsOf(second.photo), ...variantsOf(first.cover)]),
    );
    for (const f of variantsOf(first.photo)) expect(stored).not.toContain(f);

    const cleared = await sendForm(client, 'PUT', url, { photo: '' });
    expect(cleared.json().user).toMatchObject({
      photo: null,
      photo_url: null,
      photo_small_url: null,
      cover: first.cover,
    });
    const noCover = await client.put(url, { cover: null });
    expect(noCover.json().user).toMatchObject({ cover: null, cover_url: null });
    stored = storedFiles(ctx());
    for (const f of [...variantsOf(second.photo), ...variantsOf(first.cover)]) {
      expect(stored).not.toContain(f);
    }
    const asText = await client.put(url, { photo: 'b'.repeat(32) });
    expect(asText.json().errors).toEqual({ photo: ['bad_input'] });
  });

  it('keeps each replaced photo removed when edits race', async () => {
    const { client, user } = await ctx().userClient();
    const before = storedFiles(ctx());
    const edits = await Promise.all(
      [0, 1, 2].map(async (i) =>
        sendForm(client, 'PUT', `/users/${user.id}`, {}, [
          { field: 'photo', name: `p${i}.png`, data: await files.png(40 + i, 40) },
        ]),
      ),
    );
    for (const res of edits) expect(res.statusCode).toBe(200);
    const row = await ctx()
      .app.db.selectFrom('users')
      .select('photo')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const added = storedFiles(ctx()).filter((f) => !before.includes(f));
    expect(added.sort()).toEqual(variantsOf(row.photo!).sort());
  });

  it('serves the avatar path of SPEC, /images/users/icons/{photo}, as the small variant', async () => {
    const { client, user } = await ctx().userClient();
    const self = (
      await sendForm(client, 'PUT', `/users/${user.id}`, {}, [
        { field: 'photo', name: 'a.png', data: await files.png(800, 800) },
      ])
    ).json().user;
    const icon = await ctx().client().get(`/images/users/icons/${self.photo}`);
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe(self.photo_small_url);
    const followed = await ctx()
      .client()
      .get(icon.headers.location as string);
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toBe('image/webp');
    // Unknown, removed and malformed names answer 404.
    for (const name of [
      '0'.repeat(32),
      'not-a-name',
      '..%2F..%2Fetc%2Fpasswd',
      `${self.photo}.svg`,
    ]) {
      const res = await ctx().client().get(`/images/users/icons/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('gives the user page the photo, else the cover, as og:image', async () => {
    const { client, user } = await ctx().userClient();
    const page = () =>
      ctx()
        .client()
        .get(`/users/user/${user.id}`, { headers: { accept: 'text/html' }, xsrf: false });
    expect((await page()).body).not.toContain('og:image');
    const withCover = (
      await sendForm(client, 'PUT', `/users/${user.id}`, {}, [
        { field: 'cover', name: 'c.png', data: await files.png(400, 100) },
      ])
    ).json().user;
    const publicUrl = ctx().config.publicUrl;
    expect((await page()).body).toContain(
      `<meta property="og:image" content="${publicUrl}/media/${withCover.cover}.webp">`,
    );
    const withPhoto = (
      await sendForm(client, 'PUT', `/users/${user.id}`, {}, [
        { field: 'photo', name: 'p.png', data: await files.png(100, 100) },
      ])
    ).json().user;
    expect((await page()).body).toContain(
      `<meta property="og:image" content="${publicUrl}/media/${withPhoto.photo}.webp">`,
    );
  });
});
