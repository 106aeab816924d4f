import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { now } from '../../db/connect';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { comment, counterMismatches, react, recountAll, save } from '../users/activity.fixtures';
import { sendForm, storedFiles, variantsOf, type FormFile } from './images.fixtures';

const SHOP_KEYS = [
  'cover',
  'cover_small_url',
  'cover_url',
  'created_at',
  'demands_count',
  'description',
  'email',
  'employees',
  'first_whatsapp_number',
  'id',
  'is_professional',
  'latitude',
  'logo',
  'logo_small_url',
  'logo_url',
  'longitude',
  'more_infos',
  'name',
  'offers_count',
  'pcategory',
  'pcategory_id',
  'phone_1',
  'phone_2',
  'second_whatsapp_number',
  'updated_at',
].sort();

const shopBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Garage Ould Sidi',
  description: 'Pièces et réparations',
  phone_1: '+222 22 12 34 56',
  phone_2: '00222-36.12.34.56',
  first_whatsapp_number: '46123456',
  second_whatsapp_number: '',
  email: 'Garage@Souq.MR',
  more_infos: 'Ouvert le vendredi',
  is_professional: 'yes',
  latitude: 18.0858,
  longitude: -15.9785,
  ...overrides,
});

async function proShop(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const owner = await ctx.userClient();
  const res = await owner.client.post('/shops/create', shopBody(overrides));
  expect(res.statusCode).toBe(201);
  return { owner, shop: res.json().shop as { id: number; name: string } };
}

async function countShops(ctx: TestContext) {
  const row = await ctx.app.db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('shops', (ctx) => {
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

  it('shows a shop with its staff and the counts of its offers and demands', async () => {
    const { owner, shop } = await proShop(ctx());
    const sub = await createSubcategory(ctx().app.db);
    for (const type of ['offer', 'offer', 'demand']) {
      await createProduct(ctx().app.db, {
        shop_id: shop.id,
        psubcategory_id: sub.id,
        user_id: owner.user.id,
        type,
        offer_type: type === 'offer' ? 'sale' : 'buy',
      });
    }
    const res = await ctx()
      .client()
      .get(`/shops/shop/${shop.id}`, {
        headers: { accept: 'application/json' },
      });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['shop']);
    expect(Object.keys(body.shop).sort()).toEqual(SHOP_KEYS);
    expect(body.shop).toMatchObject({ id: shop.id, offers_count: 2, demands_count: 1 });
    expect(body.shop.employees).toHaveLength(1);
    expect(Object.keys(body.shop.employees[0]).sort()).toEqual(
      ['first_name', 'id', 'last_name', 'photo', 'photo_small_url', 'photo_url', 'pivot'].sort(),
    );
  });

  it('answers a browser with the page, the shop name in its title, user text escaped', async () => {
    const { shop } = await proShop(ctx(), {
      name: '<script>alert(1)</script>',
      description: '"><img src=x onerror=alert(2)>',
    });
    const res = await ctx()
      .client()
      .get(`/shops/shop/${shop.id}`, {
        headers: { accept: 'text/html' },
        xsrf: false,
      });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; · Souq</title>');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    const plain = await proShop(ctx(), { name: 'Boutique Nour' });
    const page = await ctx()
      .client()
      .get(`/shops/shop/${plain.shop.id}`, {
        headers: { accept: 'text/html' },
        xsrf: false,
      });
    expect(page.body).toContain('<title>Boutique Nour · Souq</title>');
  });

  it('lists shops by pages: professional shops first, then the newest', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('shops').execute();
    const { client } = await ctx().userClient();
    await db.deleteFrom('shops').execute();
    const made: { id: number; pro: boolean }[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) {
      const pro = i % 4 === 0;
      const res = await client.post('/shops/create', { name: `Shop ${i}`, is_professional: pro });
      made.push({ id: res.json().shop.id, pro });
    }
    const expected = [
      ...made.filter((s) => s.pro).reverse(),
      ...made.filter((s) => !s.pro).reverse(),
    ].map((s) => s.id);
    const first = await ctx().client().get('/shops/paginate/all/0?page=1');
    expect(first.statusCode).toBe(200);
    const { shops } = first.json();
    expect(Object.keys(shops).sort()).toEqual(
      ['current_page', 'data', 'last_page', 'per_page', 'to', 'total'].sort(),
    );
    expect(shops).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: LIST_PAGE_SIZE,
      total: LIST_PAGE_SIZE + 3,
      to: LIST_PAGE_SIZE,
    });
    expect(Object.keys(shops.data[0]).sort()).toEqual(SHOP_KEYS.filter((k) => k !== 'employees'));
    const second = (await ctx().client().get('/shops/paginate/all/0?page=2')).json().shops;
    expect(second).toMatchObject({ current_page: 2, to: LIST_PAGE_SIZE + 3 });
    expect([...shops.data, ...second.data].map((s: { id: number }) => s.id)).toEqual(expected);
    const noPage = (await ctx().client().get('/shops/paginate/all/0')).json().shops;
    expect(noPage.current_page).toBe(1);
    const bad = await ctx().client().get('/shops/paginate/all/0?page=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['bad_input'] });
  });

  it('pages through ties in created_at by id, with no shop twice or missing', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('shops').execute();
    const sub = await createSubcategory(db);
    const at = now();
    const ids: { id: number; pro: boolean }[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE * 2 + 5; i++) {
      const pro = i % 3 === 0;
      const row = await db
        .insertInto('shops')
        .values({ name: `Tie ${i}`, is_professional: pro ? 1 : 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push({ id: row.id, pro });
      if (i % 5 === 0) {
        await createProduct(db, { shop_id: row.id, psubcategory_id: sub.id });
        await createProduct(db, {
          shop_id: row.id,
          psubcategory_id: sub.id,
          type: 'demand',
          offer_type: 'buy',
        });
      }
    }
    const expected = [
      ...ids
        .filter((s) => s.pro)
        .map((s) => s.id)
        .sort((a, b) => b - a),
      ...ids
        .filter((s) => !s.pro)
        .map((s) => s.id)
        .sort((a, b) => b - a),
    ];
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await ctx().client().get(`/shops/paginate/all/0?page=${page}`)).json().shops;
      for (const shop of res.data) {
        const withProducts = ids.findIndex((s) => s.id === shop.id) % 5 === 0;
        expect(shop).toMatchObject({
          offers_count: withProducts ? 1 : 0,
          demands_count: withProducts ? 1 : 0,
        });
        seen.push(shop.id);
      }
    }
    expect(seen).toEqual(expected);
    const beyond = (await ctx().client().get('/shops/paginate/all/0?page=4')).json().shops;
    expect(beyond).toMatchObject({ current_page: 4, data: [], to: null, total: expected.length });
  });

  it('has the index of migration 002 that keeps deep pages of the list fast', async () => {
    const db = ctx().app.db;
    const columns =
      ctx().engine === 'postgres'
        ? (
            await sql<{ indexdef: string }>`
              select indexdef from pg_indexes where tablename = 'shops' and indexname = 'shops_list'
            `.execute(db)
          ).rows.map((r) => r.indexdef.replace(/^.*\((.*)\)$/, '$1'))
        : [
            (
              await sql<{ name: string }>`select name from pragma_index_info('shops_list')`.execute(
                db,
              )
            ).rows
              .map((r) => r.name)
              .join(', '),
          ];
    expect(columns).toEqual(['is_professional, created_at, id']);
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

describeEachEngine('shops: logo and cover', (ctx) => {
  const MEDIA_NAME = /^[a-f0-9]{32}$/;

  it('creates a shop from a multipart form with its logo and cover, stored as WebP', async () => {
    const sub = await createSubcategory(ctx().app.db);
    const { client } = await ctx().userClient();
    const res = await sendForm(
      client,
      'POST',
      '/shops/create',
      {
        name: 'Librairie Al Amal',
        is_professional: 'yes',
        latitude: '18.09',
        longitude: '-15.97',
        pcategory_id: String(sub.pcategory_id),
        phone_1: '22 12 34 56',
        second_whatsapp_number: '',
      },
      [
        { field: 'logo', name: 'logo.jpg', data: await files.jpegWithExif() },
        { field: 'cover', name: 'cover.png', data: await files.png(1600, 400) },
      ],
    );
    expect(res.statusCode).toBe(201);
    const { shop } = res.json();
    expect(Object.keys(shop).sort()).toEqual(SHOP_KEYS);
    expect(shop).toMatchObject({
      name: 'Librairie Al Amal',
      is_professional: true,
      latitude: 18.09,
      longitude: -15.97,
      pcategory_id: sub.pcategory_id,
      phone_1: '22123456',
      second_whatsapp_number: null,
    });
    expect(shop.logo).toMatch(MEDIA_NAME);
    expect(shop.cover).toMatch(MEDIA_NAME);
    expect(shop.logo).not.toBe(shop.cover);
    for (const key of ['logo', 'cover']) {
      expect(shop[`${key}_url`]).toBe(`/media/${shop[key]}.webp`);
      expect(shop[`${key}_small_url`]).toBe(`/media/${shop[key]}-small.webp`);
      for (const url of [shop[`${key}_url`], shop[`${key}_small_url`]]) {
        const served = await ctx().client().get(url);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        // The image pipeline's output: no EXIF left from the camera.
        expect(served.rawPayload.includes('SouqTestCam')).toBe(false);
      }
    }
    const row = await ctx()
      .app.db.selectFrom('shops')
      .select(['logo', 'cover'])
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ logo: shop.logo, cover: shop.cover });
    // Lists carry the urls too (cards show the logo).
    const listed = (await ctx().client().get('/shops/paginate/all/0')).json().shops.data;
    expect(listed.find((s: { id: number }) => s.id === shop.id)).toMatchObject({
      logo_small_url: shop.logo_small_url,
      cover_url: shop.cover_url,
    });
  });

  it('refuses videos, SVG and pages with 422 under the field, and writes nothing', async () => {
    const { client } = await ctx().userClient();
    const shopsBefore = await countShops(ctx());
    const filesBefore = storedFiles(ctx());
    const cases: [FormFile[], Record<string, string[]>][] = [
      [
        [{ field: 'logo', name: 'logo.svg', data: files.svg() }],
        { logo: ['file_type_not_allowed'] },
      ],
      [
        [{ field: 'cover', name: 'cover.mp4', data: files.mp4Header() }],
        { cover: ['file_type_not_allowed'] },
      ],
      [
        [
          { field: 'logo', name: 'logo.jpg', data: files.fakeJpeg() },
          { field: 'cover', name: 'cover.webm', data: files.webmHeader() },
        ],
        { logo: ['file_type_not_allowed'], cover: ['file_type_not_allowed'] },
      ],
      [
        [
          { field: 'logo', name: 'a.png', data: await files.png(20, 20) },
          { field: 'logo', name: 'b.png', data: await files.png(20, 20) },
        ],
        { logo: ['too_many_files'] },
      ],
      [
        [
          { field: 'logo', name: 'a.png', data: await files.png(20, 20) },
          { field: 'cover', name: 'b.png', data: await files.png(20, 20) },
          { field: 'cover', name: 'c.png', data: await files.png(20, 20) },
        ],
        { global: ['too_many_files'] },
      ],
    ];
    for (const [list, errors] of cases) {
      const res = await sendForm(client, 'POST', '/shops/create', { name: 'Refusée' }, list);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await countShops(ctx())).toBe(shopsBefore);
    expect(storedFiles(ctx())).toEqual(filesBefore);
  });

  it('leaves no file behind when another field or the transaction refuses the request', async () => {
    const { owner, shop } = await proShop(ctx());
    const stranger = await ctx().userClient();
    const shopsBefore = await countShops(ctx());
    const filesBefore = storedFiles(ctx());
    const logo = async () => [{ field: 'logo', name: 'logo.png', data: await files.png(80, 80) }];
    // A bad field: refused before any file is written.
    const badField = await sendForm(
      owner.client,
      'POST',
      '/shops/create',
      { name: '' },
      await logo(),
    );
    expect(badField.json().errors).toEqual({ name: ['required'] });
    // A valid logo and a refused cover.
    const badCover = await sendForm(owner.client, 'POST', '/shops/create', { name: 'A' }, [
      ...(await logo()),
      { field: 'cover', name: 'c.svg', data: files.svg() },
    ]);
    expect(badCover.json().errors).toEqual({ cover: ['file_type_not_allowed'] });
    // Refused inside the transaction, after the files were written: they go again.
    const badCategory = await sendForm(
      owner.client,
      'POST',
      '/shops/create',
      { name: 'A', pcategory_id: '987654' },
      await logo(),
    );
    expect(badCategory.json().errors).toEqual({ pcategory_id: ['bad_input'] });
    const badEdit = await sendForm(
      owner.client,
      'PUT',
      `/shops/${shop.id}`,
      { pcategory_id: '987654' },
      await logo(),
    );
    expect(badEdit.statusCode).toBe(422);
    const personal = await personalShopOf(ctx().app.db, owner.user.id);
    const personalPro = await sendForm(
      owner.client,
      'PUT',
      `/shops/${personal}`,
      { is_professional: 'yes' },
      await logo(),
    );
    expect(personalPro.json().errors).toEqual({ is_professional: ['personal_shop'] });
    // Not allowed, unknown shop, anonymous.
    const forbiddenRes = await sendForm(
      stranger.client,
      'PUT',
      `/shops/${shop.id}`,
      {},
      await logo(),
    );
    expect(forbiddenRes.statusCode).toBe(403);
    const unknown = await sendForm(owner.client, 'PUT', '/shops/999999', {}, await logo());
    expect(unknown.statusCode).toBe(404);
    const anonymous = await sendForm(
      ctx().client(),
      'POST',
      '/shops/create',
      { name: 'A' },
      await logo(),
    );
    expect(anonymous.statusCode).toBe(401);

    expect(await countShops(ctx())).toBe(shopsBefore);
    expect(storedFiles(ctx())).toEqual(filesBefore);
    const row = await ctx()
      .app.db.selectFrom('shops')
      .select(['logo', 'pcategory_id'])
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ logo: null, pcategory_id: null });
  });

  it('replaces an image and removes the old files; clears one with an empty field or null', async () => {
    const { owner, shop } = await proShop(ctx());
    const first = (
      await sendForm(owner.client, 'PUT', `/shops/${shop.id}`, {}, [
        { field: 'logo', name: 'l1.png', data: await files.png(100, 100) },
        { field: 'cover', name: 'c1.png', data: await files.png(300, 100) },
      ])
    ).json().shop;
    expect(storedFiles(ctx())).toEqual(
      expect.arrayContaining([...variantsOf(first.logo), ...variantsOf(first.cover)]),
    );

    // A shop admin replaces the logo along with a text field; the cover stays.
    const admin = await ctx().userClient();
    await owner.client.post(`/shops/${shop.id}/employees`, {
      login: admin.user.phone_1,
      role: 'admin',
    });
    const replaced = await sendForm(
      admin.client,
      'PUT',
      `/shops/${shop.id}`,
      { name: 'Nouveau nom' },
      [{ field: 'logo', name: 'l2.jpg', data: await files.jpegWithExif() }],
    );
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().shop;
    expect(second).toMatchObject({ name: 'Nouveau nom', cover: first.cover });
    expect(second.logo).toMatch(MEDIA_NAME);
    expect(second.logo).not.toBe(first.logo);
    const afterReplace = storedFiles(ctx());
    expect(afterReplace).toEqual(
      expect.arrayContaining([...variantsOf(second.logo), ...variantsOf(first.cover)]),
    );
    for (const f of variantsOf(first.logo)) expect(afterReplace).not.toContain(f);
    expect((await ctx().client().get(first.logo_url)).statusCode).toBe(404);

    // An empty cover field in a form removes the cover; JSON null removes the logo.
    const noCover = await sendForm(owner.client, 'PUT', `/shops/${shop.id}`, { cover: '' });
    expect(noCover.json().shop).toMatchObject({
      cover: null,
      cover_url: null,
      cover_small_url: null,
      logo: second.logo,
    });
    const noLogo = await owner.client.put(`/shops/${shop.id}`, { logo: null });
    expect(noLogo.json().shop).toMatchObject({ logo: null, logo_url: null, cover: null });
    const left = storedFiles(ctx());
    for (const f of [...variantsOf(second.logo), ...variantsOf(first.cover)]) {
      expect(left).not.toContain(f);
    }
    // A name as text is not a way to point at someone else's file.
    const stolen = await owner.client.put(`/shops/${shop.id}`, { logo: 'a'.repeat(32) });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ logo: ['bad_input'] });
  });

  it('keeps each replaced image removed when two edits race', async () => {
    const { owner, shop } = await proShop(ctx());
    const before = storedFiles(ctx());
    const edits = await Promise.all(
      [0, 1, 2].map(async (i) =>
        sendForm(owner.client, 'PUT', `/shops/${shop.id}`, {}, [
          { field: 'logo', name: `l${i}.png`, data: await files.png(40 + i, 40) },
        ]),
      ),
    );
    for (const res of edits) expect(res.statusCode).toBe(200);
    const row = await ctx()
      .app.db.selectFrom('shops')
      .select('logo')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    // Only the logo that won is left: the two it replaced went with their edits.
    const added = storedFiles(ctx()).filter((f) => !before.includes(f));
    expect(added.sort()).toEqual(variantsOf(row.logo!).sort());
  });

  it('gives the shop page the logo, else the cover, as og:image', async () => {
    const { owner, shop } = await proShop(ctx());
    const page = () =>
      ctx()
        .client()
        .get(`/shops/shop/${shop.id}`, { headers: { accept: 'text/html' }, xsrf: false });
    expect((await page()).body).not.toContain('og:image');
    const withCover = (
      await sendForm(owner.client, 'PUT', `/shops/${shop.id}`, {}, [
        { field: 'cover', name: 'c.png', data: await files.png(200, 100) },
      ])
    ).json().shop;
    const publicUrl = ctx().config.publicUrl;
    expect((await page()).body).toContain(
      `<meta property="og:image" content="${publicUrl}/media/${withCover.cover}.webp">`,
    );
    const withLogo = (
      await sendForm(owner.client, 'PUT', `/shops/${shop.id}`, {}, [
        { field: 'logo', name: 'l.png', data: await files.png(100, 100) },
      ])
    ).json().shop;
    expect((await page()).body).toContain(
      `<meta property="og:image" content="${publicUrl}/media/${withLogo.logo}.webp">`,
    );
  });
});
