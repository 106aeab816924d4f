import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_FILES_PER_PRODUCT } from '../../shared/constants';
import { loadConfig } from '../config';
import errors from '../plugins/errors';
import uploads from '../plugins/uploads';
import { detectFile } from './detect';
import { readForm } from './multipart';
import * as files from './test-files';

// The media pipeline and the uploads plugin on a bare app (no database involved): a test route
// reads a form and stores its files the way feature routes do.

let app: FastifyInstance;
let dataDir: string;
const mediaDir = () => path.join(dataDir, 'media');
const stored = () => fs.readdirSync(mediaDir()).sort();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-media-'));
  app = Fastify({ logger: false });
  app.decorate('config', loadConfig({ DATA_DIR: dataDir }));
  await app.register(errors);
  await app.register(uploads);
  app.post('/upload', async (request) => {
    const form = await readForm(request);
    const saved = await app.media.saveFiles(form.files.files ?? []);
    return { fields: form.fields, files: saved };
  });
  app.post('/photo', async (request) => {
    const form = await readForm(request, { maxFiles: 1, filesField: 'photo' });
    return { photo: await app.media.saveImage(form.files.photo[0], 'photo') };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  fields: Record<string, string | string[]>,
  list: { name: string; data: Buffer; field?: string }[],
  url = '/upload',
) {
  const body = files.multipart(fields, list);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

describe('detectFile', () => {
  it('knows the allowed formats by their bytes and nothing else', async () => {
    expect(detectFile(await files.jpegWithExif())).toEqual({ kind: 'image', format: 'jpeg' });
    expect(detectFile(await files.png(10, 10))).toEqual({ kind: 'image', format: 'png' });
    expect(
      detectFile(
        await sharp(await files.png(10, 10))
          .webp()
          .toBuffer(),
      ),
    ).toEqual({
      kind: 'image',
      format: 'webp',
    });
    expect(
      detectFile(
        await sharp(await files.png(10, 10))
          .gif()
          .toBuffer(),
      ),
    ).toEqual({
      kind: 'image',
      format: 'gif',
    });
    expect(detectFile(files.mp4Header())).toEqual({ kind: 'video', extension: 'mp4' });
    expect(detectFile(files.webmHeader())).toEqual({ kind: 'video', extension: 'webm' });
    expect(detectFile(files.svg())).toBeNull();
    expect(detectFile(files.htmlAsJpeg())).toBeNull();
    expect(detectFile(Buffer.alloc(0))).toBeNull();
    // A HEIC still has an ftyp box too, but is no video.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1')]);
    expect(detectFile(heic)).toBeNull();
    // Matroska shares WebM's EBML magic but is not WebM.
    const mkv = files.webmHeader();
    mkv.write('matr', 16, 'latin1');
    expect(detectFile(mkv)).toBeNull();
  });
});

describe('uploads', () => {
  it('stores a JPEG upright as WebP in two sizes with no EXIF or GPS left', async () => {
    const jpeg = await files.jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload({ name: 'x' }, [{ name: 'photo.jpg', data: jpeg }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().files;
    expect(file).toMatchObject({ type: 'image', extension: 'webp' });
    expect(file.url).toBe(`/media/${file.name}.webp`);
    expect(file.small_url).toBe(`/media/${file.name}-small.webp`);

    for (const url of [file.url, file.small_url]) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Orientation 6 applied: the 400×200 picture now stands 200×400.
      expect(meta.height! / meta.width!).toBe(2);
      expect(served.rawPayload.includes('SouqTestCam')).toBe(false);
      expect(served.rawPayload.includes('secret-owner')).toBe(false);
    }
  });

  it('keeps an animated GIF animated, as WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const res = await upload({}, [{ name: 'a.gif', data: gif }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().files;
    const meta = await sharp(path.join(mediaDir(), `${file.name}.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(2);
  });

  it('caps the original at 2048 px and the small variant at 480 px wide', async () => {
    const res = await upload({}, [{ name: 'wide.png', data: await files.png(3000, 1000) }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().files;
    const original = await sharp(path.join(mediaDir(), `${file.name}.webp`)).metadata();
    const small = await sharp(path.join(mediaDir(), `${file.name}-small.webp`)).metadata();
    expect([original.width, original.height]).toEqual([2048, 683]);
    expect(small.width).toBe(480);
  });

  it('stores videos as they came and serves byte ranges', async () => {
    const res = await upload({}, [
      { name: 'a.mp4', data: files.mp4Header() },
      { name: 'b.webm', data: files.webmHeader() },
    ]);
    expect(res.statusCode).toBe(200);
    const [mp4, webm] = res.json().files;
    expect(mp4).toMatchObject({ type: 'video', extension: 'mp4' });
    expect(mp4.small_url).toBe(mp4.url);
    expect(webm).toMatchObject({ type: 'video', extension: 'webm' });
    const whole = await app.inject({ method: 'GET', url: mp4.url });
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(files.mp4Header())).toBe(true);
    const part = await app.inject({ method: 'GET', url: mp4.url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 4-7/24');
    expect(part.body).toBe('ftyp');
    const beyond = await app.inject({
      method: 'GET',
      url: mp4.url,
      headers: { range: 'bytes=100-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect((await app.inject({ method: 'GET', url: webm.url })).headers['content-type']).toBe(
      'video/webm',
    );
  });

  it.each([
    ['an SVG', 'logo.svg', files.svg],
    ['HTML renamed .jpg', 'cat.jpg', files.htmlAsJpeg],
    ['HTML behind a JPEG magic number', 'cat.jpg', files.fakeJpeg],
    ['an empty file', 'empty.jpg', () => Buffer.alloc(0)],
    ['a PDF', 'doc.jpg', () => Buffer.from('%PDF-1.7\n1 0 obj\n')],
  ])('refuses %s with 422 and writes nothing', async (_label, name, make) => {
    const before = stored();
    const res = await upload({}, [
      { name: 'ok.png', data: await files.png(20, 20) },
      { name, data: make() },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['file_type_not_allowed'] } });
    expect(stored()).toEqual(before);
  });

  it('refuses a pixel flood from its header, fast', async () => {
    const flood = await files.pixelFlood();
    expect(flood.length).toBeLessThan(MAX_FILE_BYTES);
    const before = stored();
    const started = Date.now();
    const res = await upload({}, [{ name: 'flood.png', data: flood }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['image_too_large'] } });
    expect(Date.now() - started).toBeLessThan(500);
    expect(stored()).toEqual(before);
  });

  it('answers 413 to a file over the size limit', async () => {
    const before = stored();
    const big = Buffer.concat([await files.png(10, 10), Buffer.alloc(MAX_FILE_BYTES)]);
    const res = await upload({}, [{ name: 'big.png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { global: ['too_large'] } });
    expect(stored()).toEqual(before);
  });

  it(`refuses more than ${MAX_FILES_PER_PRODUCT} files with 422 too_many_files`, async () => {
    const small = await files.png(8, 8);
    const before = stored();
    const eleven = Array.from({ length: MAX_FILES_PER_PRODUCT + 1 }, (_, i) => ({
      name: `${i}.png`,
      data: small,
    }));
    const res = await upload({}, eleven);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['too_many_files'] } });
    expect(stored()).toEqual(before);
    const ten = await upload({}, eleven.slice(1));
    expect(ten.statusCode).toBe(200);
    expect(ten.json().files).toHaveLength(MAX_FILES_PER_PRODUCT);
  });

  it('reads repeated and [] fields as lists', async () => {
    const res = await upload({ 'contact_methods[]': ['call'], tag: ['a', 'b'], name: 'n' }, []);
    expect(res.json().fields).toEqual({ contact_methods: ['call'], tag: ['a', 'b'], name: 'n' });
  });

  it('saveImage takes one image and refuses a video', async () => {
    const ok = await upload(
      {},
      [{ field: 'photo', name: 'p.png', data: await files.png(50, 50) }],
      '/photo',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().photo.type).toBe('image');
    const video = await upload(
      {},
      [{ field: 'photo', name: 'v.mp4', data: files.mp4Header() }],
      '/photo',
    );
    expect(video.statusCode).toBe(422);
    expect(video.json()).toEqual({ errors: { photo: ['file_type_not_allowed'] } });
  });

  it('commit takes the written files back when the database write fails', async () => {
    const before = stored();
    const prepared = await app.media.prepare([await files.png(40, 40), files.mp4Header()]);
    await expect(
      app.media.commit(prepared, async (written) => {
        expect(stored().length).toBe(before.length + 3);
        expect(written.map((f) => f.type)).toEqual(['image', 'video']);
        throw new Error('transaction failed');
      }),
    ).rejects.toThrow('transaction failed');
    expect(stored()).toEqual(before);
  });

  it('removeFiles removes every variant of an id', async () => {
    const res = await upload({}, [{ name: 'p.png', data: await files.png(30, 30) }]);
    const { name } = res.json().files[0];
    expect(stored()).toContain(`${name}-small.webp`);
    await app.media.removeFiles([name, '../../etc/passwd', 'not-an-id']);
    expect(stored().filter((f) => f.startsWith(name))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/media/${name}.webp` })).statusCode).toBe(404);
  });

  it('answers 404 for unknown names and path tricks', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const url of [
      '/media/0123456789abcdef0123456789abcdef.webp',
      '/media/..%2Fsecret.txt',
      '/media/%2E%2E%2Fsecret.txt',
      '/media/../secret.txt',
      '/media/secret.txt',
      '/media/0123456789abcdef0123456789abcdef.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('TOP-SECRET-CONTENT');
    }
  });
});
