import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { now } from '../db/connect';

// Issue 16 item 3: every page names its canonical address and its address in each language
// (`?lang=ar|fr`, which picks the page's language for that request only), and carries its
// schema.org data, which no user text can break out of.

const PUBLIC_URL = 'https://souq.example.mr';
const EVIL = 'Hilux </script><script>alert(1)</script> & <!-- co';

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).find((d) => d['@type'] === type);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [
      m[1],
      m[2].replaceAll('&amp;', '&'),
    ]),
  );

describeEachEngine(
  'pages: canonical, hreflang, ?lang and JSON-LD',
  (ctx) => {
    let offerId: number;
    let demandId: number;
    let sub: Awaited<ReturnType<typeof createSubcategory>>;
    let personalShop: number;
    let proShop: number;

    const page = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

    beforeAll(async () => {
      const db = ctx().app.db;
      const { user } = await ctx().userClient();
      personalShop = await personalShopOf(db, user.id);
      sub = await createSubcategory(db);
      offerId = (
        await createProduct(db, {
          shop_id: personalShop,
          psubcategory_id: sub.id,
          user_id: user.id,
          name_fr: EVIL,
          price: 250_000,
          number: 3,
          sold_count: 1,
        })
      ).id;
      demandId = (
        await createProduct(db, {
          shop_id: personalShop,
          psubcategory_id: sub.id,
          user_id: user.id,
          type: 'demand',
          offer_type: 'buy',
        })
      ).id;
      const at = now();
      proShop = (
        await db
          .insertInto('shops')
          .values({
            name: 'Garage Sahel',
            phone_1: '22334455',
            is_professional: 1,
            latitude: 18.0858,
            longitude: -15.9785,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });

    it('?lang= picks the page language, above cookie and account, without setting the cookie', async () => {
      const fr = await page(`/products/product/${offerId}?lang=fr`, { cookie: 'lang=ar' });
      expect(fr.body).toContain('<html lang="fr" dir="ltr">');
      expect([fr.headers['set-cookie'] ?? []].flat().join('\n')).not.toMatch(/(^|\s)lang=/m);
      const ar = await page(`/products/product/${offerId}?lang=ar`, { cookie: 'lang=fr' });
      expect(ar.body).toContain('<html lang="ar" dir="rtl">');
      // Without it, the cookie as before.
      expect((await page('/', { cookie: 'lang=fr' })).body).toContain('<html lang="fr" dir="ltr">');
      // An unknown language is no choice.
      const odd = await page('/?lang=de', { cookie: 'lang=fr' });
      expect(odd.body).toContain('<html lang="fr" dir="ltr">');
      expect(canonicalOf(odd.body)).toBe(`${PUBLIC_URL}/`);

      // A signed-in user whose language is Arabic.
      const { client } = await ctx().userClient();
      expect((await client.post('/localisation/ar', {})).statusCode).toBe(200);
      const asUser = (url: string) =>
        client.request('GET', url, { xsrf: false, headers: { accept: 'text/html' } });
      expect((await asUser('/market')).body).toContain('<html lang="ar"');
      expect((await asUser('/market?lang=fr')).body).toContain('<html lang="fr"');
    });

    it('names the canonical address (no tracking parameters, its lang kept) and both languages', async () => {
      const res = await page(
        `/products/product/${offerId}?utm_source=whatsapp&lang=fr&fbclid=abc#photos`,
      );
      const url = `${PUBLIC_URL}/products/product/${offerId}`;
      expect(canonicalOf(res.body)).toBe(`${url}?lang=fr`);
      expect(alternatesOf(res.body)).toEqual({
        ar: `${url}?lang=ar`,
        fr: `${url}?lang=fr`,
        'x-default': url,
      });

      // An offer reached from a notification has one address.
      const notified = await page(`/products/product/${offerId}/abc123`);
      expect(canonicalOf(notified.body)).toBe(url);

      // A search keeps what it searches.
      const search = await page('/search?q=toyota&utm_campaign=x&gclid=1');
      expect(canonicalOf(search.body)).toBe(`${PUBLIC_URL}/search?q=toyota`);
      expect(alternatesOf(search.body)).toEqual({
        ar: `${PUBLIC_URL}/search?q=toyota&lang=ar`,
        fr: `${PUBLIC_URL}/search?q=toyota&lang=fr`,
        'x-default': `${PUBLIC_URL}/search?q=toyota`,
      });

      // Every page, the app's own not-found included.
      for (const path of ['/', '/market', `/shops/shop/${proShop}`, '/no/such/page'])
        expect(canonicalOf((await page(path)).body)).toBe(PUBLIC_URL + path);
    });

    it("an offer's page carries its Product, Offer and breadcrumb, no user text closes the script", async () => {
      const res = await page(`/products/product/${offerId}?lang=fr`);
      expect(res.body).not.toContain('</script><script>alert(1)');
      expect(res.body).not.toContain('<!-- co');
      const product = ofType(res.body, 'Product')!;
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        name: EVIL,
        url: `${PUBLIC_URL}/products/product/${offerId}`,
        category: 'Voitures',
        offers: {
          '@type': 'Offer',
          price: 250_000,
          priceCurrency: 'MRU',
          availability: 'https://schema.org/InStock',
          url: `${PUBLIC_URL}/products/product/${offerId}`,
        },
      });
      const crumbs = ofType(res.body, 'BreadcrumbList')!.itemListElement as {
        position: number;
        name: string;
        item: string;
      }[];
      expect(crumbs.map((c) => [c.position, c.name, c.item])).toEqual([
        [1, 'Accueil', `${PUBLIC_URL}/`],
        [2, 'Véhicules', `${PUBLIC_URL}/categories/${sub.pcategory_id}`],
        [3, 'Voitures', `${PUBLIC_URL}/categories/${sub.pcategory_id}/subcategories/${sub.id}`],
        [4, EVIL, `${PUBLIC_URL}/products/product/${offerId}`],
      ]);
      // In Arabic, the Arabic names.
      const ar = await page(`/products/product/${offerId}?lang=ar`);
      expect(ofType(ar.body, 'Product')!.name).toBe('تويوتا هيلوكس 2015');
      expect(
        (ofType(ar.body, 'BreadcrumbList')!.itemListElement as { name: string }[])[0].name,
      ).toBe('الرئيسية');
    });

    it('a sold-out offer says so; a demand is no Product', async () => {
      await ctx()
        .app.db.updateTable('products')
        .set({ sold_count: 3 })
        .where('id', '=', offerId)
        .execute();
      const sold = await page(`/products/product/${offerId}?lang=fr`);
      expect(ofType(sold.body, 'Product')!.offers).toMatchObject({
        availability: 'https://schema.org/SoldOut',
      });
      const demand = await page(`/products/product/${demandId}`);
      expect(ofType(demand.body, 'Product')).toBeUndefined();
      expect(ofType(demand.body, 'BreadcrumbList')).toBeDefined();
    });

    it('a professional shop is a LocalBusiness with its town (no phone: issue 29); a personal one an Organization', async () => {
      const pro = await page(`/shops/shop/${proShop}?lang=fr`);
      expect(ofType(pro.body, 'LocalBusiness')).toMatchObject({
        name: 'Garage Sahel',
        url: `${PUBLIC_URL}/shops/shop/${proShop}`,
        address: { '@type': 'PostalAddress', addressLocality: 'Nouakchott', addressCountry: 'MR' },
      });
      expect(ofType(pro.body, 'LocalBusiness')).not.toHaveProperty('telephone');
      expect(pro.body).not.toContain('22334455');
      const personal = await page(`/shops/shop/${personalShop}`);
      const org = ofType(personal.body, 'Organization')!;
      expect(org).toBeDefined();
      expect(org).not.toHaveProperty('telephone');
      expect(ofType(personal.body, 'LocalBusiness')).toBeUndefined();
    });

    it('category and subcategory pages get their title, description and breadcrumb', async () => {
      const cat = await page(`/categories/${sub.pcategory_id}?lang=fr`);
      expect(cat.statusCode).toBe(200);
      expect(cat.body).toContain('<title>Véhicules · Souq</title>');
      expect(cat.body).toContain('<meta name="description" content="Véhicules: Voitures">');
      expect(
        (ofType(cat.body, 'BreadcrumbList')!.itemListElement as { name: string }[]).map(
          (c) => c.name,
        ),
      ).toEqual(['Accueil', 'Véhicules']);

      const subPage = await page(`/categories/${sub.pcategory_id}/subcategories/${sub.id}?lang=ar`);
      expect(subPage.body).toContain('<title>سيارات · مركبات · Souq</title>');
      expect(
        (ofType(subPage.body, 'BreadcrumbList')!.itemListElement as { item: string }[]).map(
          (c) => c.item,
        ),
      ).toEqual([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/categories/${sub.pcategory_id}`,
        `${PUBLIC_URL}/categories/${sub.pcategory_id}/subcategories/${sub.id}`,
      ]);

      // Unknown, or a subcategory of another category: the app's page, with no breadcrumb.
      for (const path of ['/categories/999999', `/categories/999999/subcategories/${sub.id}`]) {
        const res = await page(path);
        expect(res.statusCode).toBe(200);
        expect(ofType(res.body, 'BreadcrumbList')).toBeUndefined();
      }
      // JSON callers: not found, as before.
      const json = await ctx().client().get(`/categories/${sub.pcategory_id}`);
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ errors: { global: ['not_found'] } });
    });
  },
  { env: { PUBLIC_URL } },
);
