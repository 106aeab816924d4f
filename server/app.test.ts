import { expect, it } from 'vitest';
import { describeEachEngine } from './test/harness';

describeEachEngine('platform', (ctx) => {
  it('answers /healthz when the database answers', async () => {
    const res = await ctx().client().get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers: a real CSP, nosniff, frame-ancestors', async () => {
    const res = await ctx().client().get('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sets an httpOnly session cookie and a readable XSRF cookie', async () => {
    const res = await ctx().client().get('/users/me', { xsrf: false });
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.find((c) => c.name === 'sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
  });

  it('answers a malformed JSON body with 400 and the errors object', async () => {
    const res = await ctx()
      .client()
      .post('/login', undefined, {
        payload: '{"login": ',
        headers: { 'content-type': 'application/json' },
      });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { global: ['malformed_body'] } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx()
      .client()
      .post('/login', { login: 'x'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { global: ['too_large'] } });
  });

  it('answers a wrong body type with 422, not 500', async () => {
    const res = await ctx().client().post('/login', [1, 2, 3]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { global: ['bad_input'] } });
  });

  it('answers an unknown API path with 404 JSON and an unknown page with the app', async () => {
    const api = await ctx().client().get('/no/such/thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ errors: { global: ['not_found'] } });
    const page = await ctx()
      .client()
      .get('/no/such/thing', {
        xsrf: false,
        headers: { 'x-requested-with': '', accept: 'text/html' },
      });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('renders pages in the visitor language: cookie, then Accept-Language, then Arabic', async () => {
    const html = { xsrf: false as const, headers: { 'x-requested-with': '', accept: 'text/html' } };
    const plain = await ctx().client().get('/', html);
    expect(plain.body).toContain('<html lang="ar" dir="rtl">');
    const french = await ctx()
      .client()
      .get('/', {
        ...html,
        headers: { ...html.headers, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      });
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    const client = ctx().client();
    const switched = await client.get('/localisation/fr', {
      ...html,
      headers: { ...html.headers, referer: 'http://localhost:3000/market?page=2' },
    });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe('/market?page=2');
    expect((await client.get('/', html)).body).toContain('<html lang="fr" dir="ltr">');
  });

  it('remembers the signed-in user language, over the cookie', async () => {
    const { client } = await ctx().userClient();
    expect((await client.post('/localisation/fr')).json()).toEqual({ language: 'fr' });
    expect((await client.get('/users/me')).json().user.language).toBe('fr');
    client.cookies.set('lang', 'ar');
    const page = await client.get('/', {
      xsrf: false,
      headers: { 'x-requested-with': '', accept: 'text/html' },
    });
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
  });

  it('never redirects the language switch off the site', async () => {
    const res = await ctx()
      .client()
      .get('/localisation/ar', { xsrf: false, headers: { referer: 'https://evil.example/phish' } });
    expect(res.headers.location).toBe('/');
  });

  it('publishes an OpenAPI document of its routes', async () => {
    const res = await ctx().client().get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/register', '/login', '/users/password']),
    );
    expect(doc.paths['/register'].post.requestBody).toBeDefined();
  });
});
