import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { multipart, png, probe, tinyVideo, VIDEO_LOCATION, VIDEO_TITLE } from '../media/test-files';
import { MEDIA_QUEUE_MAX } from '../media/work-queue';
import { HOSTILE_FILES, oversized } from './support/hostile-files';
import { buildScenario, type Scenario } from './support/scenario';
import { changes, snapshot } from './support/state';

// DESIGN §8 on every upload route: files are judged by their bytes, not their names. An SVG, an
// HTML page dressed as a JPEG, a JPEG header glued to HTML, a file past 10 MB and a pixel flood
// are refused under their field (413 for the size), and the refused request leaves no file in
// the media folder and no row in any table. The shop's owner sends them: allowed everywhere.

interface UploadTarget {
  route: string;
  fileFields: string[];
  form(s: Scenario): { path: string; fields: Record<string, string> };
}

const TARGETS: UploadTarget[] = [
  {
    route: 'POST /products/create/:type',
    fileFields: ['files'],
    form: (s) => ({
      path: '/products/create/offer',
      fields: { name: 'Offer', shop_id: `${s.shopId}`, psubcategory_id: `${s.subcategoryId}` },
    }),
  },
  {
    route: 'PUT /products/:id',
    fileFields: ['files'],
    form: (s) => ({ path: `/products/${s.productId}`, fields: { name_fr: 'Edited' } }),
  },
  {
    route: 'POST /shops/create',
    fileFields: ['logo', 'cover'],
    form: () => ({ path: '/shops/create', fields: { name: 'Shop with images' } }),
  },
  {
    route: 'PUT /shops/:id',
    fileFields: ['logo', 'cover'],
    form: (s) => ({ path: `/shops/${s.shopId}`, fields: { description: 'Edited' } }),
  },
  {
    route: 'PUT /users/:id',
    fileFields: ['photo', 'cover'],
    form: (s) => ({ path: `/users/${s.actors.owner.user.id}`, fields: { more_infos: 'Edited' } }),
  },
];

const methodOf = (route: string) => route.split(' ')[0] as 'POST' | 'PUT';

describeEachEngine(
  'hostile uploads',
  (ctx) => {
    let s: Scenario;
    beforeAll(async () => {
      s = await buildScenario(ctx());
    }, 60_000);

    function send(
      target: UploadTarget,
      field: string,
      file: { name: string; type: string; data: Buffer },
    ) {
      const { path, fields } = target.form(s);
      const body = multipart(fields, [{ field, ...file }]);
      return s.actors.owner.client.request(methodOf(target.route), path, body);
    }

    // Found by asking, not by listing: every route that reads a multipart form reads its files,
    // so a file past the limit makes it answer 413; any new upload route shows up here.
    it('covers every route that reads uploaded files', async () => {
      const { client } = await ctx().userClient('admin');
      const big = multipart({}, [{ field: 'files', name: 'big.jpg', data: oversized() }]);
      const reading: string[] = [];
      for (const route of ctx().app.routeTable) {
        if (!['POST', 'PUT', 'PATCH'].includes(route.method) || route.url === '/logout') continue;
        const path = route.url
          .replace('/products/create/:type', '/products/create/offer')
          .replace(':type', 'product')
          .replace(':source_name', 'all')
          .replace(/:[A-Za-z_]+/g, '1');
        const res = await client.request(route.method as 'POST' | 'PUT', path, big);
        if (res.statusCode === 413) reading.push(`${route.method} ${route.url}`);
      }
      expect(reading.sort()).toEqual(TARGETS.map((t) => t.route).sort());
    });

    const cases = TARGETS.flatMap((target) =>
      target.fileFields.flatMap((field) =>
        HOSTILE_FILES.map((file) => ({ target, field, file, title: `${target.route} ${field}` })),
      ),
    );

    it.each(cases)('$title refuses $file.label', async ({ target, field, file }) => {
      const before = await snapshot(ctx());
      const res = await send(target, field, {
        name: file.name,
        type: file.type,
        data: file.data(),
      });
      expect(res.statusCode).toBe(file.status);
      expect(res.json().errors[file.status === 413 ? 'global' : field]).toContain(file.key);
      // The upload is counted against the user's limit (issue 29 item 8); nothing else is written.
      expect(changes(before, await snapshot(ctx()), ['rate_limits'])).toEqual([]);
    });

    // The control: the same forms with a real image pass, so the refusals above are the files'.
    it.each(TARGETS.flatMap((target) => target.fileFields.map((field) => ({ target, field }))))(
      '$target.route $field takes a real PNG',
      async ({ target, field }) => {
        const before = await snapshot(ctx());
        const res = await send(target, field, {
          name: 'ok.png',
          type: 'image/png',
          data: await png(64, 48),
        });
        expect(res.statusCode).toBeLessThan(300);
        expect((await snapshot(ctx())).media.length).toBeGreaterThan(before.media.length);
      },
    );

    // Issue 14 item 7: a video is rewritten (no GPS, no title) and gets a poster.
    it('POST /products/create/offer rewrites a video without its metadata and gives it a poster', async () => {
      const { path, fields } = TARGETS[0].form(s);
      const body = multipart(fields, [{ name: 'clip.mp4', type: 'video/mp4', data: tinyVideo() }]);
      const res = await s.actors.owner.client.request('POST', path, body);
      expect(res.statusCode, res.body).toBe(201);
      const [video] = res.json().product.pfiles;
      expect(video).toMatchObject({ type: 'video', extension: 'mp4' });
      const served = await s.actors.owner.client.get(video.url);
      expect(served.rawPayload.includes(VIDEO_LOCATION)).toBe(false);
      expect(served.rawPayload.includes(VIDEO_TITLE)).toBe(false);
      expect(probe(served.rawPayload).streams.some((st) => st.codec_type === 'video')).toBe(true);
      const poster = await s.actors.owner.client.get(video.poster_small_url);
      expect(poster.statusCode).toBe(200);
      expect((await sharp(poster.rawPayload).metadata()).format).toBe('webp');
      // A card of a product with a video and no image shows the poster.
      const similar = await s.actors.owner.client.get(`/products/similar/${s.productId}`);
      const card = similar
        .json()
        .products.find((p: { id: number }) => p.id === res.json().product.id);
      expect(card.image).toBe(video.poster_small_url);
    });

    // Issue 14 item 6: image work waits in a bounded queue; past it, 503 at once, nothing written.
    it('answers a flood of image uploads with some 503s and Retry-After, leaving nothing behind them', async () => {
      const { client, user } = await ctx().userClient();
      const noise = await sharp(crypto.randomBytes(1000 * 1000 * 3), {
        raw: { width: 1000, height: 1000, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const before = await snapshot(ctx());
      const flood = MEDIA_QUEUE_MAX + 6;
      const answers = await Promise.all(
        Array.from({ length: flood }, () =>
          client.request(
            'PUT',
            `/users/${user.id}`,
            multipart({}, [{ field: 'photo', name: 'me.png', type: 'image/png', data: noise }]),
          ),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.every((code) => code === 200 || code === 503),
        statuses.join(),
      ).toBe(true);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const res of busy) {
        expect(res.json()).toEqual({ errors: { global: ['server_busy'] } });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Each accepted edit replaced the photo before it: only the last one's two files remain.
      const after = await snapshot(ctx());
      expect(after.media.length).toBe(before.media.length + 2);
      expect(changes({ ...before, media: [] }, { ...after, media: [] }, ['rate_limits'])).toEqual(
        [],
      );
    });
  },
  // One owner sends every hostile file to every upload route: past the per-user upload limit
  // (issue 29 item 8, tested in server/media/upload-limits.routes.test.ts) without this factor.
  { env: { USER_RATE_LIMIT_FACTOR: '100' } },
);
