import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type Connection } from '../db/connect';
import { render } from '../../web/entry-server';
import { BOOT_SCRIPT } from './page-boot';
import { MAIN_END_ID } from '../../shared/constants';

// With a production build, every page names the app's script and the modules to fetch with it,
// its language's dictionary chunk among them (from the build's manifest), in a data block that an
// inline script (allowed by its hash) turns into preloads and the module script after the first
// paint (page-boot.ts): nothing in the head competes with the stylesheets and the first images.
describe('pages: the app script and its modules start after the first paint', () => {
  let app: FastifyInstance;
  /** The same build, with the pages rendered on the server. */
  let rendering: FastifyInstance;
  let connection: Connection;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-preload-'));
    const webDir = path.join(dir, 'web');
    fs.mkdirSync(path.join(webDir, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="ar"><head><title>Souq</title>' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
    const manifest = {
      'locales/ar.ts': { file: 'assets/ar-1.js', imports: ['_areas.js'] },
      'locales/fr.ts': { file: 'assets/fr-1.js', imports: ['_areas.js'] },
      'locales/ar-rest.ts': { file: 'assets/ar-rest-1.js', imports: ['_areas.js'] },
      'locales/fr-rest.ts': { file: 'assets/fr-rest-1.js', imports: ['_areas.js'] },
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
    rendering = await buildApp(config, { connection, logger: false, render });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await rendering?.close();
    await connection?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (lang: string, url = '/', server = app) => {
    const res = await server.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', cookie: `lang=${lang}` },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const bootOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="souq-boot">(.*?)<\/script>/.exec(html)![1],
    ) as {
      entry: string;
      modules: string[];
    };

  it("names the entry, what it imports and the page language's dictionary, not the other language's", async () => {
    expect(bootOf((await page('fr')).body)).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/react-1.js', '/assets/fr-1.js', '/assets/areas-1.js'],
    });
    expect(bootOf((await page('ar')).body).modules).toEqual([
      '/assets/react-1.js',
      '/assets/ar-1.js',
      '/assets/areas-1.js',
    ]);
  });

  it('preloads only the first part of the dictionary: the other pages bring the messages they show', async () => {
    const stateOf = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="souq-state">(.*?)<\/script>/s.exec(html)![1],
      ) as { messages?: Record<string, string> };
    const homePage = (await page('fr', '/', rendering)).body;
    const home = bootOf(homePage).modules;
    expect(home).toContain('/assets/fr-1.js');
    expect(home).not.toContain('/assets/fr-rest-1.js');
    // The home page's messages are all in the first part.
    expect(stateOf(homePage).messages).toBeUndefined();
    const searchPage = (await page('fr', '/search?name=hilux', rendering)).body;
    const search = bootOf(searchPage).modules;
    expect(search).toContain('/assets/fr-1.js');
    expect(search).not.toContain('/assets/fr-rest-1.js');
    expect(search.filter((module) => module === '/assets/areas-1.js')).toHaveLength(1);
    // Hydrated with its own messages: the ones it showed, in its language.
    const messages = stateOf(searchPage).messages!;
    expect(messages.search_title).toBe(
      (await import('../../web/locales/fr/search.json')).default.search_title,
    );
    const login = (await page('ar', '/login', rendering)).body;
    expect(bootOf(login).modules).not.toContain('/assets/ar-rest-1.js');
    expect(Object.keys(stateOf(login).messages!).length).toBeGreaterThan(0);
  });

  it('fetches no script from the head; the stylesheets stay there', async () => {
    const { body } = (await page('ar')) as { body: string };
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    // The data block and the script come after the page's content.
    expect(body.indexOf('id="souq-boot"')).toBeGreaterThan(body.indexOf('<div id="root">'));
  });

  it('paints a rendered page once its main part has been read: the head waits for the footer that follows it', async () => {
    for (const url of ['/', '/search?name=toyota', '/no-such-page']) {
      const res = await rendering.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const body = res.body;
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head, url).toContain(`<link rel="expect" href="#${MAIN_END_ID}" blocking="render">`);
      const footer = body.indexOf(`id="${MAIN_END_ID}"`);
      expect(footer, url).toBeGreaterThan(body.lastIndexOf('</main>'));
      expect(body.lastIndexOf('</main>'), url).toBeGreaterThan(body.indexOf('<main'));
    }
    // The shell alone (no server rendering) has no footer to wait for.
    expect((await page('ar')).body).not.toContain('rel="expect"');
  });

  it('allows its one inline script by hash in the CSP, and no other inline script', async () => {
    const res = await page('ar');
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([BOOT_SCRIPT]);
    const hash = crypto.createHash('sha256').update(inline[0]).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
