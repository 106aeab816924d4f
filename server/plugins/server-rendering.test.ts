import { expect, it } from 'vitest';
import { render } from '../../web/entry-server';
import type { TestClient } from '../test/client';
import { describeEachEngine } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';

// DESIGN §11 "Server rendering": the pages people land on arrive with their content, rendered by
// the web app's own components on the server, with the data the browser hydrates from; unknown
// addresses answer 404 with the app's not-found page.

const page = (client: TestClient, url: string) =>
  client.get(url, { xsrf: false, headers: { accept: 'text/html' } });

/** The page's data, as the browser reads it back. */
function stateOf(html: string) {
  const json = /<script type="application\/json" id="souq-state">([\s\S]*?)<\/script>/.exec(html);
  expect(json).not.toBeNull();
  return JSON.parse(json![1]) as {
    server: { seed: number; now: number };
    queries: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown } }[] };
  };
}

describeEachEngine(
  'server rendering',
  (ctx) => {
    async function offer(name = 'Hilux double cabine') {
      const { user } = await ctx().userClient();
      const shopId = await personalShopOf(ctx().app.db, user.id);
      const subcategory = await createSubcategory(ctx().app.db);
      return createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subcategory.id,
        name,
        name_fr: name,
        name_ar: name,
        price: 1_250_000,
      });
    }

    it('sends an offer page with its name and price in the HTML, and its data for hydration', async () => {
      const product = await offer();
      const res = await page(ctx().client(), `/products/product/${product.id}`);
      expect(res.statusCode).toBe(200);
      const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(
        res.body,
      )![1];
      expect(root).toContain('<h1');
      expect(root).toContain('Hilux double cabine');
      expect(root).toMatch(/1[\s\u00a0\u202f.,]?250[\s\u00a0\u202f.,]?000/);
      const cached = stateOf(res.body).queries.queries.map((q) => q.queryKey);
      expect(cached).toContainEqual(['product', product.id]);
      expect(cached).toContainEqual(['me']);
    });

    it('answers 404 with the not-found page for an unknown offer, shop, user or path', async () => {
      for (const url of [
        '/products/product/99999999',
        '/products/product/abc',
        '/shops/shop/99999999',
        '/users/user/99999999',
        '/no/such/page',
      ]) {
        const res = await page(ctx().client(), url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain('<div id="root"><a class="skip-link"');
        // Issue 35 item 17: a real title, in the page's language (Arabic by default).
        expect(res.body, url).toContain('<title>الصفحة غير موجودة · Souq</title>');
      }
      const fr = await page(ctx().client(), '/no/such/page?lang=fr');
      expect(fr.body).toContain('<title>Page introuvable · Souq</title>');
    });

    it('renders in the visitor language and direction', async () => {
      const product = await offer();
      const ar = await page(ctx().client(), `/products/product/${product.id}`);
      expect(ar.body).toContain('<html lang="ar" dir="rtl">');
      expect(ar.body).toContain('انتقل إلى المحتوى');
      const fr = await ctx()
        .client()
        .get(`/products/product/${product.id}`, {
          xsrf: false,
          headers: { accept: 'text/html', cookie: 'lang=fr' },
        });
      expect(fr.body).toContain('<html lang="fr" dir="ltr">');
      expect(fr.body).toContain('Aller au contenu');
    });

    it('renders the signed-in parts as the visitor who asks (the header knows them)', async () => {
      const { client } = await ctx().userClient('user', { first_name: 'Mariem' });
      const res = await page(client, '/');
      expect(res.statusCode).toBe(200);
      const me = stateOf(res.body).queries.queries.find((q) => q.queryKey[0] === 'me');
      expect(me?.state.data).toMatchObject({ first_name: 'Mariem' });
      // Another visitor's page knows nobody.
      const anonymous = await page(ctx().client(), '/');
      const nobody = stateOf(anonymous.body).queries.queries.find((q) => q.queryKey[0] === 'me');
      expect(nobody?.state.data).toBeNull();
      expect(anonymous.body).not.toContain('Mariem');
    });

    it('sends a visitor who must sign in first to the sign-in page, before any script', async () => {
      const anonymous = await page(ctx().client(), '/saved');
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe('/login?next=%2Fsaved');
      const { client } = await ctx().userClient();
      const signedIn = await page(client, '/saved');
      expect(signedIn.statusCode).toBe(200);
    });

    it('never lets user text close the data script or the page markup', async () => {
      const product = await offer('</script><script>alert(1)</script><b>x</b>');
      const res = await page(ctx().client(), `/products/product/${product.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)</script>');
      expect(res.body).not.toContain('<b>x</b>');
      const product2 = stateOf(res.body).queries.queries.find((q) => q.queryKey[0] === 'product');
      expect(product2?.state.data).toMatchObject({
        name: '</script><script>alert(1)</script><b>x</b>',
      });
    });

    it('renders the market and the search with their results, and a category list', async () => {
      await offer('Hilux du marché');
      const market = await page(ctx().client(), '/market');
      expect(market.statusCode).toBe(200);
      expect(market.body).toContain('Hilux du marché');
      const search = await page(ctx().client(), `/search?name=${encodeURIComponent('Hilux')}`);
      expect(search.body).toContain('Hilux du marché');
      const unknownCategory = await page(ctx().client(), '/categories/99999999');
      expect(unknownCategory.statusCode).toBe(404);
    });
  },
  { render },
);
