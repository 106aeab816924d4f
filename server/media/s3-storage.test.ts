import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import errors from '../plugins/errors';
import uploads from '../plugins/uploads';
import { copyMediaFolder } from './copy-to-storage';
import { Media } from './media';
import { readForm, uploadRoutes } from './multipart';
import { S3MediaStorage } from './s3-storage';
import { startS3Server } from './s3-test-server';
import { LocalMediaStorage } from './storage';
import * as files from './test-files';

// Media on S3-compatible storage (issue 18 item 4), against a local s3rver the tests start.

const id = () => crypto.randomBytes(16).toString('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('S3 media storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3MediaStorage;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3MediaStorage(s3.config);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-s3-app-'));
    // The uploads plugin and an upload route as the server registers them, configured from the
    // environment.
    app = Fastify({ logger: false });
    app.decorate('config', loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    await app.register(errors);
    await app.register(uploads);
    await uploadRoutes(app, (forms) => {
      forms.post('/upload', async (request) => {
        const form = await readForm(request);
        return { files: await app.media.saveFiles(form.files.files ?? []) };
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes, stats, reads (whole and a byte range) and removes a file', async () => {
    const file = `${id()}.mp4`;
    const data = crypto.randomBytes(5000);
    expect(await storage.stat(file)).toBeNull();
    await storage.write(file, data);
    expect(await storage.stat(file)).toEqual({ size: 5000 });
    expect((await readAll(storage.read(file))).equals(data)).toBe(true);
    const part = await readAll(storage.read(file, { start: 100, end: 199 }));
    expect(part.equals(data.subarray(100, 200))).toBe(true);
    await storage.remove(file);
    expect(await storage.stat(file)).toBeNull();
    // A missing file is not an error; a name not ours is refused before any request.
    await storage.remove(file);
    expect(await storage.stat('../etc/passwd')).toBeNull();
    expect(() => storage.read('../etc/passwd')).toThrow();
  });

  it('a read of a missing object fails the stream, it does not hang', async () => {
    await expect(readAll(storage.read(`${id()}.webp`))).rejects.toThrow();
  });

  it('stores uploads in the bucket and serves them from /media, with ranges', async () => {
    expect(app.media.storage).toBeInstanceOf(S3MediaStorage);
    const jpeg = await files.jpegWithExif();
    const body = files.multipart({}, [{ name: 'a.jpg', data: jpeg }]);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = res.json().files as { name: string; extension: string }[];
    const original = `${stored.name}.${stored.extension}`;
    const small = `${stored.name}-small.webp`;
    expect(await storage.stat(original)).not.toBeNull();
    expect(await storage.stat(small)).not.toBeNull();
    // Nothing on the local disk.
    expect(fs.existsSync(path.join(dataDir, 'media', original))).toBe(false);

    const whole = await app.inject({ method: 'GET', url: `/media/${original}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const size = whole.rawPayload.length;
    const ranged = await app.inject({
      method: 'GET',
      url: `/media/${original}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(ranged.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/media/${id()}.webp` })).statusCode).toBe(404);

    await app.media.removeFiles([stored.name]);
    expect(await storage.stat(original)).toBeNull();
    expect(await storage.stat(small)).toBeNull();
  });

  it('a failed upload leaves no object: the files go when the row’s transaction fails', async () => {
    const media = new Media(storage);
    const prepared = await media.prepare([await files.png(800, 600)], 'files');
    let written: string[] = [];
    await expect(
      media.commit(prepared, async (stored) => {
        written = stored.map((f) => f.name);
        // Here the files are in the bucket; the transaction then fails.
        expect(await storage.stat(`${written[0]}.webp`)).not.toBeNull();
        throw new Error('transaction failed');
      }),
    ).rejects.toThrow('transaction failed');
    expect(written).toHaveLength(1);
    expect(await storage.stat(`${written[0]}.webp`)).toBeNull();
    expect(await storage.stat(`${written[0]}-small.webp`)).toBeNull();
  });

  it('with MEDIA_PUBLIC_URL, /media/{file} redirects to the public bucket', async () => {
    const pub = Fastify({ logger: false });
    pub.decorate(
      'config',
      loadConfig({ DATA_DIR: dataDir, ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example/media/' }),
    );
    await pub.register(errors);
    await pub.register(uploads);
    await pub.ready();
    const file = `${id()}-small.webp`;
    const res = await pub.inject({ method: 'GET', url: `/media/${file}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.example/media/${file}`);
    expect((await pub.inject({ method: 'GET', url: '/media/..%2Fsecret' })).statusCode).toBe(404);
    await pub.close();
  });

  it('media:copy-to-s3 copies a local folder, and a second run skips what is there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-local-media-'));
    const local = new LocalMediaStorage(dir);
    const names = [`${id()}.webp`, `${id()}-small.webp`, `${id()}.mp4`];
    for (const name of names) await local.write(name, crypto.randomBytes(300));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not media');
    expect(await copyMediaFolder(dir, storage)).toEqual({ copied: 3, skipped: 0 });
    for (const name of names) {
      const there = await readAll(storage.read(name));
      expect(there.equals(fs.readFileSync(path.join(dir, name)))).toBe(true);
    }
    expect(await copyMediaFolder(dir, storage)).toEqual({ copied: 0, skipped: 3 });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('S3 configuration', () => {
  const full = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is off by default, on with all four variables', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(full).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...full, MEDIA_PUBLIC_URL: 'https://cdn.example/m/' }).mediaPublicUrl).toBe(
      'https://cdn.example/m',
    );
  });

  it('stops at start on half a configuration or a bad value, naming the variable', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues.join('\n');
      }
      throw new Error('accepted');
    };
    expect(bad({ S3_ENDPOINT: full.S3_ENDPOINT })).toMatch(/S3_BUCKET/);
    expect(bad({ ...full, S3_ENDPOINT: 'ftp://x' })).toMatch(/S3_ENDPOINT/);
    expect(bad({ ...full, S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET/);
    expect(bad({ MEDIA_PUBLIC_URL: 'https://cdn.example' })).toMatch(/MEDIA_PUBLIC_URL/);
  });
});
