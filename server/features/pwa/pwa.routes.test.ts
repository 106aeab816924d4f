import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';

// DESIGN §11 "Offline and install" (docs/offline.md): the manifest speaks the page's language
// (decided as for pages: the user's, the cookie's, Accept-Language's, else Arabic); the worker,
// the offline page and the icons come from the build's root.

describeEachEngine('web manifest and service worker', (ctx) => {
  const manifest = (headers: Record<string, string> = {}, client = ctx().client()) =>
    client.get('/manifest.webmanifest', {
      xsrf: false,
      headers: { 'x-requested-with': '', accept: '*/*', ...headers },
    });

  it('answers the manifest in Arabic by default, installable (icons, standalone)', async () => {
    const res = await manifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const body = res.json();
    expect(body).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      short_name: 'سوق',
      display: 'standalone',
    });
    expect(body.start_url).toBe('/');
    expect(body.scope).toBe('/');
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(body.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
      }
    }
  });

  it('follows the language cookie, Accept-Language, then the signed-in user', async () => {
    expect((await manifest({ cookie: 'lang=fr' })).json()).toMatchObject({
      lang: 'fr',
      dir: 'ltr',
      short_name: 'Souq',
    });
    expect((await manifest({ 'accept-language': 'fr-FR,fr;q=0.9' })).json().lang).toBe('fr');
    expect((await manifest({ cookie: 'lang=xx', 'accept-language': 'en' })).json().lang).toBe('ar');
    const { client } = await ctx().userClient();
    await client.post('/localisation/fr');
    client.cookies.delete('lang');
    expect((await manifest({}, client)).json().lang).toBe('fr');
  });

  it('serves every icon the manifest names, and nothing else under /icons', async () => {
    const { icons } = (await manifest()).json() as { icons: { src: string }[] };
    const webDir = ctx().config.webDir;
    fs.mkdirSync(path.join(webDir, 'icons'), { recursive: true });
    for (const { src } of icons)
      fs.copyFileSync(path.resolve('web/public', src.slice(1)), path.join(webDir, src));
    for (const { src } of icons) {
      const res = await ctx().client().get(src, { xsrf: false });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    for (const bad of [
      '/icons/other.png',
      '/icons/..%2Findex.html',
      '/icons/icon-192.png.gz',
      `/icons/${'a'.repeat(60)}`,
    ]) {
      const res = await ctx().client().get(bad, { xsrf: false });
      expect(res.statusCode, bad).toBe(404);
      // A name the route's schema refuses is an address of nothing: the app's not-found page.
      if (bad.length < 40) expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
      else expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('serves the built worker never cached by HTTP, and 404 without a build', async () => {
    const webDir = ctx().config.webDir;
    fs.rmSync(path.join(webDir, 'sw.js'), { force: true });
    const missing = await ctx().client().get('/sw.js', { xsrf: false });
    expect(missing.statusCode).toBe(404);
    fs.mkdirSync(webDir, { recursive: true });
    fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.skipWaiting();');
    fs.writeFileSync(path.join(webDir, 'offline.html'), '<!doctype html><p>offline</p>');
    const sw = await ctx().client().get('/sw.js', { xsrf: false });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('text/javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe('self.skipWaiting();');
    const offline = await ctx().client().get('/offline.html', { xsrf: false });
    expect(offline.headers['content-type']).toContain('text/html');
    expect(offline.body).toContain('offline');
  });

  it('refuses other methods', async () => {
    const res = await ctx().client().post('/manifest.webmanifest', {});
    expect(res.statusCode).toBe(404);
  });
});
