import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAssets } from './page-render';
import { viewStyles } from './page-styles';

// A page module's stylesheets go out as one file (issue 31 item 5: 12 render-blocking requests on
// the offer page, 290 ms in Lighthouse), each of them still named by a disabled link so that the
// app's own loader does not fetch and apply them again.
describe("page-styles: a page's stylesheets in one file", () => {
  let dir: string;
  const apps: FastifyInstance[] = [];
  const files = {
    'assets/entry.css': '.shell{color:red}',
    'assets/page.css': '.page{color:green}',
    'assets/cards.css': '.card{color:blue}',
    'assets/login.css': '.login{color:gray}',
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-styles-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, '.vite'));
    for (const [file, css] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), css);
    const manifest = {
      'main.tsx': { file: 'assets/main.js', isEntry: true, css: ['assets/entry.css'] },
      'pages/offer.tsx': { file: 'assets/offer.js', css: ['assets/page.css'], imports: ['_cards'] },
      _cards: { file: 'assets/cards.js', css: ['assets/cards.css'] },
      'pages/login.tsx': { file: 'assets/login.js', css: ['assets/login.css'] },
    };
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A server process: its own routes and its own page assets, from the same build. */
  function serverProcess() {
    const app = Fastify();
    apps.push(app);
    return { app, assetsOf: pageAssets(dir, viewStyles(app, dir)) };
  }
  const hrefs = (html: string) =>
    [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"( disabled)?>/g)].map(
      ([, href, disabled]) => `${href}${disabled ? ' disabled' : ''}`,
    );

  it("links the page's files as one, in the manifest's order, each named by a disabled link", () => {
    const links = hrefs(serverProcess().assetsOf('pages/offer.tsx').css);
    expect(links).toHaveLength(3);
    expect(links[0]).toMatch(/^\/assets\/views\/[0-9a-f]{16}\.css$/);
    expect(links.slice(1)).toEqual(['/assets/page.css disabled', '/assets/cards.css disabled']);
  });

  it('links a lone stylesheet as it is, and none of the entry’s', () => {
    expect(hrefs(serverProcess().assetsOf('pages/login.tsx').css)).toEqual(['/assets/login.css']);
  });

  it('serves the combined file compressed as accepted, to any process of the server', async () => {
    const [href] = hrefs(serverProcess().assetsOf('pages/offer.tsx').css);
    // Another process, which has rendered no page yet, knows the same name.
    const { app } = serverProcess();
    const whole = `${files['assets/page.css']}\n${files['assets/cards.css']}\n`;
    const plain = await app.inject({ url: href });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(whole);
    const br = await app.inject({ url: href, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(whole);
    const gzip = await app.inject({ url: href, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(whole);
    // q=0 is "not acceptable": a client that refuses brotli gets gzip, one that refuses both none.
    const noBrotli = await app.inject({
      url: href,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const neither = await app.inject({
      url: href,
      headers: { 'accept-encoding': 'br; q=0, gzip;q=0.0' },
    });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toBe(whole);
  });

  it('answers 404 for a name no page has', async () => {
    const { app } = serverProcess();
    const res = await app.inject({ url: '/assets/views/0123456789abcdef.css' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
  });
});
