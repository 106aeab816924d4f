import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import errors from '../plugins/errors';
import uploads from '../plugins/uploads';
import * as files from './test-files';
import { MAX_VIDEO_SECONDS } from './video';
import { app, dataDir, mediaDir, stored, upload, useMediaApp } from './media.test-support';

// Videos through the bare media app (media.test-support.ts): probed and rewritten by ffmpeg
// without their metadata, with a poster; refused when ffmpeg is missing or the bytes are no video.
useMediaApp();

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

describe('video uploads', () => {
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
});
