import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type Connection } from '../db/connect';

// The web app reads the map's services (TILE_URL, ROUTING_URL) from two <meta> tags of every page
// (web/components/map/map-config.ts); the CSP lets the browser reach exactly those origins.

const TILE_URL = 'https://tiles.example.org/{z}/{x}/{y}.png?key="a&b"';
const ROUTING_URL = 'https://routes.example.org:8443/osrm';

describe('pages: map configuration', () => {
  let app: FastifyInstance;
  let connection: Connection;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-pages-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      TILE_URL,
      ROUTING_URL,
    });
    connection = connect(config);
    app = await buildApp(config, { connection, logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await connection?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const page = (url: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('names the tile and routing services in every page, escaped', async () => {
    for (const url of ['/', '/shops/shop/999', '/no/such/page']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<meta name="tile-url" content="https://tiles.example.org/{z}/{x}/{y}.png?key=&quot;a&amp;b&quot;">',
      );
      expect(res.body).toContain(
        '<meta name="routing-url" content="https://routes.example.org:8443/osrm">',
      );
    }
  });

  it('keeps <html lang dir> exactly as before', async () => {
    const res = await page('/');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('lets the browser load tiles from that origin; routes come through the site (/routing/route)', async () => {
    const csp = String((await page('/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });

  it('gives no map tags to JSON answers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('tile-url');
  });
});
