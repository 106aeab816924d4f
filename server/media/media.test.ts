import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_FILES_PER_PRODUCT } from '../../shared/constants';
import { detectFile } from './detect';
import * as files from './test-files';
import { MEDIA_RETRY_AFTER_SECONDS } from './work-queue';
import { app, dataDir, mediaDir, stored, upload, useMediaApp } from './media.test-support';

// The media pipeline and the uploads plugin on a bare app (media.test-support.ts): images,
// hostile files, the work queue, serving. Videos are in video.test.ts.
useMediaApp();

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

  it('keeps only the first frame of a long animation, in bounded time', async () => {
    // 735 frames, as the GIF that took 11.5 s of CPU (issue 14 item 6).
    const gif = await files.animatedGif(735, 64);
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(735);
    const started = Date.now();
    const res = await upload({}, [{ name: 'long.gif', data: gif }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const [file] = res.json().files;
    for (const variant of ['', '-small']) {
      const meta = await sharp(path.join(mediaDir(), `${file.name}${variant}.webp`), {
        animated: true,
      }).metadata();
      expect(meta.pages ?? 1).toBe(1);
      expect([meta.width, meta.height]).toEqual([64, 64]);
    }
  });

  it('answers 503 with Retry-After to a flood past the work queue, writing nothing for those', async () => {
    // Noise does not compress: each conversion takes a while, so the queue fills up.
    const noise = await sharp(crypto.randomBytes(900 * 900 * 3), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const before = stored();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload({}, [{ name: 'noise.png', data: noise }], '/upload-queued'),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(ok.length + busy.length).toBe(10);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(3 + 2);
    expect(busy.length).toBeGreaterThanOrEqual(5);
    for (const res of busy) {
      expect(res.json()).toEqual({ errors: { global: ['server_busy'] } });
      expect(res.headers['retry-after']).toBe(String(MEDIA_RETRY_AFTER_SECONDS));
    }
    // Only the accepted uploads left files (an image and its small variant each).
    expect(stored().length).toBe(before.length + 2 * ok.length);
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

  it('reads forms with files on upload routes only: another route answers 415', async () => {
    const before = stored();
    const form = [{ name: 'a.png', data: await files.png(8, 8) }];
    const res = await upload({ name: 'n' }, form, '/no-files');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errors: { global: ['unsupported_media_type'] } });
    expect(stored()).toEqual(before);
    expect((await upload({ name: 'n' }, form)).statusCode).toBe(200);
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
    const prepared = await app.media.prepare([await files.png(40, 40), files.tinyVideo()]);
    await expect(
      app.media.commit(prepared, async (written) => {
        // The image and its small variant, the video and its two poster sizes.
        expect(stored().length).toBe(before.length + 5);
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
