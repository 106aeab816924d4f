import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachEngine, type TestContext } from '../test/harness';
import type { TestClient } from '../test/client';
import { expectStatus } from './support/scenario';
import { countTags, metaOf, titleOf } from './support/html';

// Script put into every text field users write is stored as text and given back verbatim in
// JSON (which is not HTML: application/json with nosniff), and on the pages the server fills
// (DESIGN §3: title, description, Open Graph) it appears only escaped, under a CSP that runs no
// inline script.

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "</title><script>alert('t')</script>",
];

/** JSON only: a browser told `nosniff` never renders it as a page. */
function json(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  return expectStatus(res, status, what);
}

/** What a browser gets for a shared link: the HTML page, no script header. */
const page = (client: TestClient, path: string) =>
  client.get(path, { headers: { 'x-requested-with': '', accept: 'text/html' } });

async function writeEverything(ctx: TestContext, p: string) {
  const admin = (await ctx.userClient('admin')).client;
  const seller = await ctx.userClient('user');
  const buyer = await ctx.userClient('user');
  const names = { first_name: p, last_name: p, more_infos: p };
  for (const who of [seller, buyer]) {
    json(await who.client.put(`/users/${who.user.id}`, names), 200, 'profile');
  }
  const labels = { name: p, name_ar: p, name_fr: p };
  const category = json(await admin.post('/pcategories/create', labels), 201, 'category').pcategory;
  const subcategory = json(
    await admin.post(`/psubcategories/create/${category.id}`, labels),
    201,
    'subcategory',
  ).psubcategory;
  const values = JSON.stringify([{ value: p, sub_field: { name: p, values: [{ value: p }] } }]);
  const field = json(
    await admin.post(`/pfields/create/${subcategory.id}`, { ...labels, type: 'select', values }),
    201,
    'field',
  ).pfield;
  const shopText = { name: p, description: p, more_infos: p };
  const shop = json(await seller.client.post('/shops/create', shopText), 201, 'shop').shop;
  const product = json(
    await seller.client.post('/products/create/offer', {
      ...labels,
      more_infos_ar: p,
      more_infos_fr: p,
      description: p,
      shop_id: shop.id,
      psubcategory_id: subcategory.id,
      [`pfield_${field.id}`]: p,
    }),
    201,
    'product',
  ).product;
  const comment = json(
    await buyer.client.post(`/comments/create/product/${product.id}`, { text: p }),
    201,
    'comment',
  ).comment;
  const command = json(
    await buyer.client.post(`/commands/create/product/${product.id}`, { text: p }),
    201,
    'command',
  ).command;
  const log = JSON.stringify({ message: p });
  expect((await buyer.client.post('/frontends/logs', { text: log })).statusCode).toBe(201);
  return {
    admin,
    seller,
    buyer,
    category,
    subcategory,
    field,
    shop,
    product,
    comment,
    command,
    log,
  };
}

describeEachEngine('script injection', (ctx) => {
  describe.each(PAYLOADS)('%s', (p) => {
    let w: Awaited<ReturnType<typeof writeEverything>>;
    beforeAll(async () => {
      w = await writeEverything(ctx(), p);
    });

    it('comes back verbatim in JSON', async () => {
      const anyone = ctx().client();
      const { product } = json(await anyone.get(`/products/product/${w.product.id}`), 200, 'p');
      for (const key of ['name', 'name_ar', 'name_fr', 'more_infos_ar', 'more_infos_fr'])
        expect(product[key], key).toBe(p);
      expect(product.description).toBe(p);
      expect(product.pfields[0].pivot.value).toBe(p);
      expect(product.psubcategory).toMatchObject({ name: p, name_ar: p, name_fr: p });
      expect(product.shop.name).toBe(p);

      const { shop } = json(await anyone.get(`/shops/shop/${w.shop.id}`), 200, 'shop');
      expect(shop).toMatchObject({ name: p, description: p, more_infos: p });
      const { user } = json(await anyone.get(`/users/user/${w.seller.user.id}`), 200, 'user');
      expect(user).toMatchObject({ first_name: p, last_name: p, more_infos: p });

      const { comments } = json(
        await anyone.post(`/comments/product/${w.product.id}`, {}),
        200,
        'comments',
      );
      expect(comments[0]).toMatchObject({ text: p, user: { first_name: p, last_name: p } });
      const { command } = json(await anyone.get(`/commands/command/${w.command.id}`), 200, 'cmd');
      expect(command).toMatchObject({ text: p, user: { first_name: p, last_name: p } });

      const { pcategories } = json(await anyone.get('/pcategories/all'), 200, 'categories');
      expect(pcategories).toContainEqual(expect.objectContaining({ id: w.category.id, name: p }));
      const { pfields } = json(
        await anyone.get(`/pfields/psubcategory/${w.subcategory.id}`),
        200,
        'fields',
      );
      expect(pfields[0]).toMatchObject({ name: p, name_ar: p, name_fr: p });
      expect(JSON.parse(pfields[0].values)).toEqual([
        { value: p, sub_field: { name: p, values: [{ value: p }] } },
      ]);

      const found = json(await anyone.post(`/products/shop/${w.shop.id}/search`, {}), 200, 'search')
        .products.data;
      expect(found[0]).toMatchObject({ name: p, shop: { name: p } });
      const { frontendsLogs } = json(await w.admin.get('/admin/frontends/logs'), 200, 'logs');
      expect(frontendsLogs.data[0]).toMatchObject({ text: w.log, user: { first_name: p } });
      const { notifications } = json(
        await w.seller.client.post('/notifications/paginate', {}),
        200,
        'notifications',
      );
      expect(notifications.data[0].data).toMatchObject({ user_first_name: p, user_last_name: p });
    });

    it.each([
      ['product', () => `/products/product/${w.product.id}`, p],
      ['shop', () => `/shops/shop/${w.shop.id}`, p],
      ['user', () => `/users/user/${w.seller.user.id}`, `${p} ${p}`],
    ])(
      'shows the %s page with the text escaped in its title and meta tags',
      async (_, path, title) => {
        for (const language of ['ar', 'fr']) {
          const client = ctx().client();
          await client.get(`/localisation/${language}`);
          const baseline = (await page(client, '/')).body;
          const res = await page(client, path());
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          const csp = String(res.headers['content-security-policy']);
          expect(csp).toContain("script-src 'self'");
          expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
          expect(csp).toContain("object-src 'none'");

          const html = res.body;
          expect(html).not.toContain(p);
          for (const tag of ['script', 'img', 'title'])
            expect(countTags(html, tag), tag).toBe(countTags(baseline, tag));
          expect(titleOf(html)).toBe(`${title} · Souq`);
          expect(metaOf(html, 'og:title')).toBe(`${title} · Souq`);
          expect(metaOf(html, 'description')).toBe(p);
          expect(metaOf(html, 'og:description')).toBe(p);
        }
      },
    );
  });
});
