import crypto from 'node:crypto';
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
import { Media } from './media';
import { readForm } from './multipart';
import * as files from './test-files';
import { MAX_VIDEO_SECONDS, VideoSupport } from './video';
import { MEDIA_RETRY_AFTER_SECONDS, mediaQueue } from './work-queue';

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
  // The same storage behind a queue of one running job and two waiting, and without ffmpeg.
  const queued = new Media(app.media.storage, { queue: mediaQueue(1, 2) });
  app.post('/upload-queued', async (request) => {
    const form = await readForm(request);
    return { files: await queued.saveFiles(form.files.files ?? []) };
  });
  const noFfmpeg = new Media(app.media.storage, {
    video: new VideoSupport({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' }),
  });
  app.post('/upload-no-ffmpeg', async (request) => {
    const form = await readForm(request);
    return { files: await noFfmpeg.saveFiles(form.files.files ?? []) };
  });
  app.post('/photo-no-ffmpeg', async (request) => {
    const form = await readForm(request, { maxFiles: 1, filesField: 'photo' });
    return { photo: await noFfmpeg.saveImage(form.files.photo[0], 'photo') };
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

describe('start without ffmpeg', () => {
  it('logs that videos are refused', async () => {
    const lines: string[] = [];
    const path = process.env.PATH;
    const quiet = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      process.env.PATH = '/nonexistent';
      quiet.decorate('config', loadConfig({ DATA_DIR: dataDir }));
      await quiet.register(errors);
      await quiet.register(uploads);
      await quiet.ready();
    } finally {
      process.env.PATH = path;
      await quiet.close();
    }
    const errorsLogged = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errorsLogged.map((l) => l.msg).join()).toMatch(/ffmpeg.*video uploads are refused/);
  });
});

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

  it('refuses videos with a clear 422 when ffmpeg is missing, storing nothing', async () => {
    const before = stored();
    const res = await upload({}, [{ name: 'a.mp4', data: files.tinyVideo() }], '/upload-no-ffmpeg');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['video_processing_unavailable'] } });
    expect(stored()).toEqual(before);
    // Images still work.
    const image = await upload(
      {},
      [{ name: 'p.png', data: await files.png(20, 20) }],
      '/upload-no-ffmpeg',
    );
    expect(image.statusCode).toBe(200);
  });

  it('refuses a video sent as a single image from its first bytes, before any ffmpeg work', async () => {
    // Without ffmpeg, a video that reached the video pipeline would say video_processing_unavailable.
    const res = await upload(
      {},
      [{ name: 'a.mp4', data: files.tinyVideo(), field: 'photo' }],
      '/photo-no-ffmpeg',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { photo: ['file_type_not_allowed'] } });
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

  it('rewrites an MP4 without its metadata, index first, with a poster, and serves byte ranges', async () => {
    const sent = files.tinyVideo('mp4');
    expect(files.probe(sent).format.tags).toMatchObject({
      location: files.VIDEO_LOCATION,
      title: files.VIDEO_TITLE,
    });
    const res = await upload({}, [{ name: 'a.mp4', data: sent }]);
    expect(res.statusCode, res.body).toBe(200);
    const [mp4] = res.json().files;
    expect(mp4).toMatchObject({ type: 'video', extension: 'mp4' });
    expect(mp4.small_url).toBe(mp4.url);
    expect(mp4.poster_url).toBe(`/media/${mp4.name}-poster.webp`);
    expect(mp4.poster_small_url).toBe(`/media/${mp4.name}-poster-small.webp`);

    const whole = await app.inject({ method: 'GET', url: mp4.url });
    expect(whole.headers['content-type']).toBe('video/mp4');
    const kept = whole.rawPayload;
    expect(kept.equals(sent)).toBe(false);
    const probed = files.probe(kept);
    expect(probed.format.format_name).toContain('mp4');
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    const tags = JSON.stringify([probed.format.tags, ...probed.streams.map((s) => s.tags)]);
    expect(tags).not.toContain('location');
    expect(tags).not.toContain(files.VIDEO_TITLE);
    expect(kept.includes(files.VIDEO_LOCATION)).toBe(false);
    expect(kept.includes(files.VIDEO_TITLE)).toBe(false);
    // faststart: the index (moov) comes before the media data (mdat).
    expect(kept.indexOf('moov')).toBeLessThan(kept.indexOf('mdat'));

    for (const url of [mp4.poster_url, mp4.poster_small_url]) {
      const poster = await app.inject({ method: 'GET', url });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      const meta = await sharp(poster.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
    }

    const part = await app.inject({ method: 'GET', url: mp4.url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-7/${kept.length}`);
    expect(part.body).toBe('ftyp');
    const beyond = await app.inject({
      method: 'GET',
      url: mp4.url,
      headers: { range: `bytes=${kept.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('rewrites a WebM the same way', async () => {
    const res = await upload({}, [{ name: 'b.webm', data: files.tinyVideo('webm') }]);
    expect(res.statusCode, res.body).toBe(200);
    const [webm] = res.json().files;
    expect(webm).toMatchObject({ type: 'video', extension: 'webm' });
    const served = await app.inject({ method: 'GET', url: webm.url });
    expect(served.headers['content-type']).toBe('video/webm');
    const probed = files.probe(served.rawPayload);
    expect(probed.format.format_name).toContain('webm');
    expect(JSON.stringify(probed.format.tags ?? {})).not.toContain('location');
    expect(served.rawPayload.includes(files.VIDEO_TITLE)).toBe(false);
    expect(stored()).toContain(`${webm.name}-poster-small.webp`);
  });

  it('transcodes MP4 video in a codec browsers do not play to H.264', async () => {
    expect(files.probe(files.tinyVideo('mpeg4')).streams[0].codec_name).toBe('mpeg4');
    const res = await upload({}, [{ name: 'old.mp4', data: files.tinyVideo('mpeg4') }]);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json().files;
    const kept = fs.readFileSync(path.join(mediaDir(), `${file.name}.mp4`));
    expect(files.probe(kept).streams.map((s) => s.codec_name)).toEqual(['h264']);
    expect(kept.includes(files.VIDEO_TITLE)).toBe(false);
  });

  it(`refuses a video longer than ${MAX_VIDEO_SECONDS} s with 422 video_too_large`, async () => {
    const long = files.makeVideo('mp4', [
      ...['-f', 'lavfi', '-i', 'color=c=black:size=32x32:rate=1'],
      ...['-t', String(MAX_VIDEO_SECONDS + 5), '-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);
    const before = stored();
    const res = await upload({}, [{ name: 'long.mp4', data: long }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['video_too_large'] } });
    expect(stored()).toEqual(before);
  });

  it.each([
    [
      'garbage after an MP4 header',
      'a.mp4',
      () => Buffer.concat([files.mp4Header(), Buffer.alloc(4000, 7)]),
    ],
    ['an MP4 header alone', 'a.mp4', files.mp4Header],
    [
      'garbage after a WebM header',
      'b.webm',
      () => Buffer.concat([files.webmHeader(), Buffer.alloc(4000, 9)]),
    ],
  ])('refuses %s with 422 and writes nothing', async (_label, name, make) => {
    const before = stored();
    const res = await upload({}, [{ name, data: make() }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { files: ['file_type_not_allowed'] } });
    expect(stored()).toEqual(before);
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
