import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { sendForm, storedFiles, variantsOf } from '../shops/images.fixtures';
import { PROFILE_KEYS, SELF_KEYS } from './users.test-helpers';

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
    expect(Object.keys(shown).sort()).toEqual(PROFILE_KEYS);
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
