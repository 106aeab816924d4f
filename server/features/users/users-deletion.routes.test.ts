import { expect, it } from 'vitest';
import { now } from '../../db/connect';
import { describeEachEngine, nextPhone, TEST_PASSWORD } from '../../test/harness';
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
import { shopRow } from './users.test-helpers';

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
    await colleague.client.post(`/shops/${pro}/invitation/accept`);
    const theirs = await personalShopOf(db, colleague.user.id);
    await colleague.client.post(`/shops/${theirs}/employees`, {
      login: me.user.phone_1,
      role: 'employee',
    });
    await me.client.post(`/shops/${theirs}/invitation/accept`);
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

    // Leaving needs the password (issue 34 item 5), on this path as on DELETE /users/me.
    const bare = await me.client.delete(`/users/${me.user.id}`);
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual({ errors: { password: ['required'] } });
    const res = await me.client.delete(`/users/${me.user.id}`, {
      body: { password: TEST_PASSWORD },
    });
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
    // Issue 34 item 5: v's comments and commands stay (author null), still counted.
    expect(await product(p1)).toMatchObject({
      saved_count: 1,
      reports_count: 1,
      comments_count: 3,
      commands_count: 1,
      like_count: 1,
    });
    expect(await product(p2)).toMatchObject({ saved_count: 0, commands_count: 2 });
    expect(await product(p3)).toMatchObject({ saved_count: 1, love_count: 0, commands_count: 1 });
    expect(await product(pv)).toBeUndefined();
    const commentRow = (id: number) =>
      db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await commentRow(ca)).toMatchObject({ comments_count: 1, haha_count: 0, like_count: 1 });
    expect(await commentRow(cb2)).toMatchObject({ comments_count: 2, like_count: 0 });
    // v's comment stays without its author, with a's reply under it and b's reaction on it.
    expect(await commentRow(cv1)).toMatchObject({ user_id: null, comments_count: 1, sad_count: 1 });
    expect(await commentRow(ca2)).toMatchObject({ user_id: a });
    expect(
      await db.selectFrom('commands').selectAll().where('id', '=', ka).executeTakeFirst(),
    ).toMatchObject({ comments_count: 1, wow_count: 0 });
    expect(
      await db.selectFrom('commands').selectAll().where('id', '=', kv1).executeTakeFirst(),
    ).toMatchObject({ user_id: null, comments_count: 1, angry_count: 1 });
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
    ).toEqual({ saved_count: 20, like_count: 20, comments_count: 1, commands_count: 1 });
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
