import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';

// Issue 14 item 12: a path that answers JSON or a page depending on Accept and X-Requested-With
// must say so (Vary), else a cache hands the JSON to a browser or the page to the app; and the
// browser features a page may use are declared (Permissions-Policy).

const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describeEachEngine('response headers', (ctx) => {
  it('sends Vary: Accept, X-Requested-With on negotiated paths, pages and JSON alike', async () => {
    const { user } = await ctx().userClient();
    const app = ctx().app;
    for (const url of [`/users/user/${user.id}`, '/users/user/999999', '/no/such/page']) {
      for (const headers of [
        {},
        { accept: 'application/json' },
        { 'x-requested-with': 'XMLHttpRequest' },
        { 'accept-encoding': 'gzip' },
      ]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(varyOf(res.headers), `${url} ${JSON.stringify(headers)}`).toEqual(
          expect.arrayContaining(['accept', 'x-requested-with']),
        );
      }
    }
    // Compression's Vary is kept beside it.
    const gz = await app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(varyOf(gz.headers)).toEqual(
      expect.arrayContaining(['accept', 'x-requested-with', 'accept-encoding']),
    );
  });

  it('sends a Permissions-Policy: geolocation for the site itself, no camera or microphone', async () => {
    const res = await ctx().client().get('/healthz');
    const policy = String(res.headers['permissions-policy']);
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
  });

  it('sends a page every security header; a JSON answer those that act on it, not the document ones', async () => {
    const client = ctx().client();
    const page = await client.get('/', { xsrf: false, headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The language link sends people back where they were (Referer), other sites learn nothing.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const json = await client.get('/healthz');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(String(json.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(json.headers['permissions-policy']).toBeDefined();
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection']) {
      expect(json.headers[name], name).toBeUndefined();
    }
  });
});
