import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';

// Issue 14 item 9: the language switch sent visitors back to whatever path the Referer named,
// `//evil.example/` included (a protocol-relative URL: another site); and any site could change a
// signed-in user's stored language with a GET.

describeEachEngine('language switch', (ctx) => {
  const page = { xsrf: false as const, headers: { 'x-requested-with': '', accept: 'text/html' } };
  const switchWith = (referer: string) =>
    ctx()
      .client()
      .get('/localisation/fr', { ...page, headers: { ...page.headers, referer } });

  it('sends the visitor back to a path on this site only', async () => {
    const back = await switchWith('http://localhost:3000/search?q=voiture#results');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/search?q=voiture#results');
    // Issue 16: a page's `?lang=` would win over the language just chosen; it is dropped.
    const fromLang = await switchWith('http://localhost:3000/search?lang=ar&q=voiture');
    expect(fromLang.headers.location).toBe('/search?q=voiture');
    for (const referer of [
      'http://localhost:3000//evil.example/',
      'http://localhost:3000/%2F/evil.example',
      'http://localhost:3000/%5Cevil.example',
      'http://localhost:3000/%09/evil.example',
      'https://evil.example/phish',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const res = await switchWith(referer);
      expect(res.statusCode, referer).toBe(302);
      expect(res.headers.location, referer).toBe('/');
    }
  });

  it("changes a signed-in user's stored language only through the XSRF-checked POST", async () => {
    const { client } = await ctx().userClient();
    // A GET (which any site can make the browser send) sets the cookie and nothing more.
    const get = await client.get('/localisation/fr', { xsrf: false });
    expect(get.statusCode).toBe(302);
    expect((await client.get('/users/me')).json().user.language).toBeNull();
    // The POST without the token is refused and changes nothing.
    const forged = await client.post('/localisation/fr', undefined, { xsrf: false });
    expect(forged.statusCode).toBe(419);
    expect((await client.get('/users/me')).json().user.language).toBeNull();
    const post = await client.post('/localisation/fr');
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ language: 'fr' });
    expect((await client.get('/users/me')).json().user.language).toBe('fr');
    // Anonymous: the cookie only.
    const anonymous = ctx().client();
    const res = await anonymous.post('/localisation/ar');
    expect(res.json()).toEqual({ language: 'ar' });
    expect(anonymous.cookies.get('lang')).toBe('ar');
  });
});
