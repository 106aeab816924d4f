import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { sendForm, storedFiles, variantsOf, type FormFile } from './images.fixtures';
import { countShops, proShop, SHOP_KEYS } from './shops.test-helpers';

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
    await admin.client.post(`/shops/${shop.id}/invitation/accept`);
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
