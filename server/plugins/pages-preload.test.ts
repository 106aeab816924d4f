import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type Connection } from '../db/connect';

// With a production build, every page tells the browser to fetch its language's dictionary chunk
// (named in the build's manifest) together with the app's script, not after it has run.
describe('pages: the dictionary chunk is preloaded', () => {
  let app: FastifyInstance;
  let connection: Connection;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-preload-'));
    const webDir = path.join(dir, 'web');
    fs.mkdirSync(path.join(webDir, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="ar"><head><title>Souq</title></head><body></body></html>',
    );
    const manifest = {
      'locales/ar.ts': { file: 'assets/ar-1.js', imports: ['_areas.js'] },
      'locales/fr.ts': { file: 'assets/fr-1.js', imports: ['_areas.js'] },
      '_areas.js': { file: 'assets/areas-1.js' },
    };
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIR: webDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    connection = connect(config);
    app = await buildApp(config, { connection, logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await connection?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const preloads = async (lang: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', cookie: `lang=${lang}` },
    });
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
  };

  it("names the page language's dictionary and what it imports, not the other language's", async () => {
    expect(await preloads('fr')).toEqual(['/assets/fr-1.js', '/assets/areas-1.js']);
    expect(await preloads('ar')).toEqual(['/assets/ar-1.js', '/assets/areas-1.js']);
  });
});
