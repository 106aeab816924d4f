import { expect, it } from 'vitest';
import { now } from '../../db/connect';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { comment, counterMismatches, react, recountAll, save } from '../users/activity.fixtures';
import { sendForm, storedFiles, variantsOf } from './images.fixtures';
import { countShops, proShop, SHOP_KEYS, shopBody } from './shops.test-helpers';

describeEachEngine('shops: create, edit, delete', (ctx) => {
  it('creates a shop whose creator is its owner, with every field of SPEC §3', async () => {
    const sub = await createSubcategory(ctx().app.db);
    const { client, user } = await ctx().userClient('user', { first_name: 'Sidi' });
    const res = await client.post('/shops/create', shopBody({ pcategory_id: sub.pcategory_id }));
    expect(res.statusCode).toBe(201);
    const { shop } = res.json();
    expect(Object.keys(shop).sort()).toEqual(SHOP_KEYS);
    expect(shop).toMatchObject({
      name: 'Garage Ould Sidi',
      logo: null,
      logo_url: null,
      logo_small_url: null,
      cover: null,
      cover_url: null,
      cover_small_url: null,
      description: 'Pièces et réparations',
      phone_1: '22123456',
      phone_2: '36123456',
      first_whatsapp_number: '46123456',
      second_whatsapp_number: null,
      email: 'garage@souq.mr',
      more_infos: 'Ouvert le vendredi',
      is_professional: true,
      latitude: 18.0858,
      longitude: -15.9785,
      pcategory_id: sub.pcategory_id,
      pcategory: { id: sub.pcategory_id, name: 'vehicles' },
      offers_count: 0,
      demands_count: 0,
    });
    expect(shop.employees).toEqual([
      {
        id: user.id,
        first_name: 'Sidi',
        last_name: 'user',
        photo: null,
        photo_url: null,
        photo_small_url: null,
        pivot: { role: 'owner' },
      },
    ]);
    expect(Date.parse(shop.created_at)).not.toBeNaN();
    const me = (await client.get('/users/me')).json().user;
    expect(
      me.shops.map((s: { id: number; pivot: { role: string } }) => [s.id, s.pivot.role]),
    ).toEqual([
      [await personalShopOf(ctx().app.db, user.id), 'owner'],
      [shop.id, 'owner'],
    ]);
  });

  it('reads is_professional from yes/no or booleans, and defaults to not professional', async () => {
    const { client } = await ctx().userClient();
    const cases: [unknown, boolean][] = [
      [true, true],
      [false, false],
      ['no', false],
      ['true', true],
      [undefined, false],
    ];
    for (const [input, stored] of cases) {
      const res = await client.post('/shops/create', { name: 'Boutique', is_professional: input });
      expect(res.statusCode).toBe(201);
      expect(res.json().shop.is_professional).toBe(stored);
      const row = await ctx()
        .app.db.selectFrom('shops')
        .select('is_professional')
        .where('id', '=', res.json().shop.id)
        .executeTakeFirstOrThrow();
      expect(row.is_professional).toBe(stored ? 1 : 0);
    }
  });

  it('puts each bad field under its own name and writes nothing', async () => {
    const { client } = await ctx().userClient();
    const before = await countShops(ctx());
    const res = await client.post('/shops/create', {
      name: '   ',
      phone_1: '1234',
      phone_2: 'abc',
      first_whatsapp_number: '99999999',
      email: 'not-an-email',
      is_professional: 'maybe',
      latitude: 91,
      longitude: 200,
      pcategory_id: 'x',
      description: 'd'.repeat(2001),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['required'],
      phone_1: ['phone_bad_input'],
      phone_2: ['phone_bad_input'],
      first_whatsapp_number: ['phone_bad_input'],
      email: ['bad_input'],
      is_professional: ['bad_input'],
      latitude: ['bad_input'],
      longitude: ['bad_input'],
      pcategory_id: ['bad_input'],
      description: ['bad_input'],
    });
    const missing = await client.post('/shops/create', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ name: ['required'] });
    expect(await countShops(ctx())).toBe(before);
  });

  it('needs both coordinates, and an existing category', async () => {
    const { client } = await ctx().userClient();
    const before = await countShops(ctx());
    const onlyLat = await client.post('/shops/create', { name: 'A', latitude: 18 });
    expect(onlyLat.statusCode).toBe(422);
    expect(onlyLat.json().errors).toEqual({ longitude: ['required'] });
    const onlyLng = await client.post('/shops/create', { name: 'A', longitude: '-15.9' });
    expect(onlyLng.json().errors).toEqual({ latitude: ['required'] });
    const unknownCategory = await client.post('/shops/create', { name: 'A', pcategory_id: 99999 });
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().errors).toEqual({ pcategory_id: ['bad_input'] });
    expect(await countShops(ctx())).toBe(before);
    const asText = await client.post('/shops/create', {
      name: 'A',
      latitude: '18.5',
      longitude: '-16',
    });
    expect(asText.statusCode).toBe(201);
    expect(asText.json().shop).toMatchObject({ latitude: 18.5, longitude: -16 });
  });

  it('answers 401 to anonymous writes, before looking at the body', async () => {
    const anon = ctx().client();
    const { shop } = await proShop(ctx());
    expect((await anon.post('/shops/create', {})).statusCode).toBe(401);
    expect((await anon.put(`/shops/${shop.id}`, { name: '' })).statusCode).toBe(401);
    expect((await anon.delete(`/shops/${shop.id}`)).statusCode).toBe(401);
  });

  it('lets the owner, a shop admin and a site admin edit; nobody else', async () => {
    const { owner, shop } = await proShop(ctx());
    const db = ctx().app.db;
    const staff: Record<string, { client: ReturnType<TestContext['client']> }> = {};
    for (const role of ['admin', 'moderator', 'employee'] as const) {
      const member = await ctx().userClient();
      await db
        .insertInto('shop_employees')
        .values({ shop_id: shop.id, user_id: member.user.id, role, created_at: now() })
        .execute();
      staff[role] = member;
    }
    const stranger = await ctx().userClient();
    const siteModerator = await ctx().userClient('moderator');
    const siteAdmin = await ctx().userClient('admin');
    for (const who of [staff.moderator, staff.employee, stranger, siteModerator]) {
      const res = await who.client.put(`/shops/${shop.id}`, { name: 'Pris' });
      expect(res.statusCode).toBe(403);
    }
    for (const [who, name] of [
      [owner, 'By owner'],
      [staff.admin, 'By admin'],
      [siteAdmin, 'By site admin'],
    ] as const) {
      const res = await who.client.put(`/shops/${shop.id}`, { name });
      expect(res.statusCode).toBe(200);
      expect(res.json().shop.name).toBe(name);
    }
    expect(
      (await db.selectFrom('shops').select('name').where('id', '=', shop.id).executeTakeFirst())
        ?.name,
    ).toBe('By site admin');
  });

  it('edits only the fields sent; clears with null or empty text; moves the point as a pair', async () => {
    const { owner, shop } = await proShop(ctx());
    const sub = await createSubcategory(ctx().app.db);
    const res = await owner.client.put(`/shops/${shop.id}`, {
      description: '',
      phone_2: null,
      pcategory_id: sub.pcategory_id,
      is_professional: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({
      name: 'Garage Ould Sidi',
      description: null,
      phone_1: '22123456',
      phone_2: null,
      is_professional: false,
      latitude: 18.0858,
      pcategory: { id: sub.pcategory_id, name: 'vehicles' },
    });
    expect(Object.keys(res.json().shop).sort()).toEqual(SHOP_KEYS);
    const half = await owner.client.put(`/shops/${shop.id}`, { latitude: 20 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ longitude: ['required'] });
    const cleared = await owner.client.put(`/shops/${shop.id}`, { latitude: null });
    expect(cleared.json().shop).toMatchObject({ latitude: null, longitude: null });
    const bad = await owner.client.put(`/shops/${shop.id}`, {
      name: '',
      email: 'x',
      pcategory_id: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['required'],
      email: ['bad_input'],
      pcategory_id: ['bad_input'],
    });
    const missingCategory = await owner.client.put(`/shops/${shop.id}`, { pcategory_id: 987654 });
    expect(missingCategory.json().errors).toEqual({ pcategory_id: ['bad_input'] });
  });

  it('keeps the personal shop personal', async () => {
    const { client, user } = await ctx().userClient();
    const personal = await personalShopOf(ctx().app.db, user.id);
    const res = await client.put(`/shops/${personal}`, { is_professional: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ is_professional: ['personal_shop'] });
    const renamed = await client.put(`/shops/${personal}`, { name: 'Chez moi' });
    expect(renamed.json().shop).toMatchObject({ name: 'Chez moi', is_professional: false });
  });

  it('answers 404 to unknown or malformed shop ids', async () => {
    const { client } = await ctx().userClient('admin');
    expect((await client.get('/shops/shop/999999')).statusCode).toBe(404);
    expect((await client.get('/shops/shop/abc')).statusCode).toBe(404);
    expect((await client.put('/shops/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await client.delete('/shops/999999')).statusCode).toBe(404);
    expect((await client.get('/shops/999999/employees')).statusCode).toBe(404);
  });

  it('lets the owner or a site admin delete, taking its products and their files along', async () => {
    const db = ctx().app.db;
    const { owner, shop } = await proShop(ctx());
    const admin = await ctx().userClient();
    await db
      .insertInto('shop_employees')
      .values({ shop_id: shop.id, user_id: admin.user.id, role: 'admin', created_at: now() })
      .execute();
    const sub = await createSubcategory(db);
    const product = await createProduct(db, { shop_id: shop.id, psubcategory_id: sub.id });
    // A product image stored by the media module, as the products feature stores them.
    const productImage = await ctx().app.media.saveImage(await files.png(64, 48), 'files');
    await db
      .insertInto('product_files')
      .values({
        product_id: product.id,
        type: 'image',
        name: productImage.name,
        extension: 'webp',
        created_at: now(),
      })
      .execute();
    const withImages = await sendForm(owner.client, 'PUT', `/shops/${shop.id}`, {}, [
      { field: 'logo', name: 'logo.png', data: await files.png(120, 120) },
      { field: 'cover', name: 'cover.jpg', data: await files.jpegWithExif() },
    ]);
    expect(withImages.statusCode).toBe(200);
    const { logo, cover } = withImages.json().shop;
    const shopFiles = [productImage.name, logo, cover].flatMap(variantsOf);
    // Another shop's logo stays.
    const other = await proShop(ctx());
    const otherLogo = (
      await sendForm(other.owner.client, 'PUT', `/shops/${other.shop.id}`, {}, [
        { field: 'logo', name: 'l.png', data: await files.png(30, 30) },
      ])
    ).json().shop.logo;
    expect(storedFiles(ctx())).toEqual(
      expect.arrayContaining([...shopFiles, ...variantsOf(otherLogo)]),
    );

    // Someone else's activity on another shop's product is untouched.
    const visitor = await ctx().userClient();
    const elsewhere = await createProduct(db, {
      shop_id: await personalShopOf(db, visitor.user.id),
      psubcategory_id: sub.id,
    });
    await save(db, visitor.user.id, product.id);
    await save(db, owner.user.id, elsewhere.id);
    const c = await comment(db, visitor.user.id, 'product', product.id);
    await react(db, owner.user.id, 'comment', c, 'like');
    await comment(db, owner.user.id, 'product', elsewhere.id);
    await recountAll(db);

    expect((await admin.client.delete(`/shops/${shop.id}`)).statusCode).toBe(403);
    expect((await visitor.client.delete(`/shops/${shop.id}`)).statusCode).toBe(403);
    expect((await owner.client.delete(`/shops/${shop.id}`)).statusCode).toBe(204);
    expect(await db.selectFrom('shops').where('id', '=', shop.id).selectAll().execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('products').where('id', '=', product.id).selectAll().execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('product_files')
        .where('product_id', '=', product.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('shop_employees').where('shop_id', '=', shop.id).selectAll().execute(),
    ).toEqual([]);
    expect(storedFiles(ctx()).filter((f) => shopFiles.includes(f))).toEqual([]);
    expect(storedFiles(ctx())).toEqual(expect.arrayContaining(variantsOf(otherLogo)));
    expect(await counterMismatches(db)).toEqual([]);
    const stillThere = await db
      .selectFrom('products')
      .select(['saved_count', 'comments_count'])
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(stillThere).toEqual({ saved_count: 1, comments_count: 1 });

    const second = await proShop(ctx());
    const siteAdmin = await ctx().userClient('admin');
    expect((await siteAdmin.client.delete(`/shops/${second.shop.id}`)).statusCode).toBe(204);
    expect((await ctx().client().get(`/shops/shop/${second.shop.id}`)).statusCode).toBe(404);
  });

  it('keeps a personal shop while its user exists, even from a site admin', async () => {
    const { client, user } = await ctx().userClient();
    const personal = await personalShopOf(ctx().app.db, user.id);
    const siteAdmin = await ctx().userClient('admin');
    for (const who of [client, siteAdmin.client]) {
      const res = await who.delete(`/shops/${personal}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ global: ['personal_shop'] });
    }
    expect((await ctx().client().get(`/shops/shop/${personal}`)).statusCode).toBe(200);
  });
});
