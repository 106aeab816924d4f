import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';

// Built assets: hashed names cached for a year, sent compressed to browsers that accept it.
describe('web assets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-assets-'));
  const script = 'console.log("souq");'.repeat(50);
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'web/assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'web/index.html'),
      '<!doctype html><html lang="ar"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const file = path.join(dir, 'web/assets/main-abc123.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIR: path.join(dir, 'web'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli to browsers that accept it, cached as immutable for a year', async () => {
    const res = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['cache-control'])).toContain('immutable');
    expect(String(res.headers['cache-control'])).toContain('max-age=31536000');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip, or the plain file, to browsers that accept only that', async () => {
    const gz = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers an unknown asset with 404, not the app page', async () => {
    const res = await app.inject({ url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
  });
});
