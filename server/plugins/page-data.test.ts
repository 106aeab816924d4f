import { expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { render } from '../../web/entry-server';
import type { TestClient } from '../test/client';
import { describeEachEngine } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { pageDataTransport } from './page-data';

// Issue 31 item 2: a page's data is read from the services (page-data.ts), not asked of the API
// in-process; what each of the page's requests gets is exactly what the API answers the same
// visitor, on every page people land on, for a visitor and for someone signed in.

interface Asked {
  method: string;
  url: string;
  body?: string;
  status: number;
  answer: unknown;
}

describeEachEngine(
  'page data from the services',
  (ctx) => {
    /** Renders `url` as `user` (null: not signed in), recording each request of its data. */
    async function pageRequests(url: string, user: FastifyRequest['user']) {
      const asked: Asked[] = [];
      const request = { user, log: ctx().app.log } as FastifyRequest;
      const transport = pageDataTransport(ctx().app)(request);
      const page = await render({
        url,
        language: 'fr',
        transport: async (address, init) => {
          const response = await transport(address, init);
          const text = await response.text();
          asked.push({
            method: init.method ?? 'GET',
            url: address,
            body: init.body as string | undefined,
            status: response.status,
            answer: JSON.parse(text),
          });
          return response;
        },
      });
      return { page, asked };
    }

    /** What the API answers `client` for the same request. */
    async function apiAnswer(client: TestClient, { method, url, body }: Asked) {
      const res = await client.request(method as 'GET', url, {
        body: body ? JSON.parse(body) : undefined,
      });
      return { status: res.statusCode, answer: res.json() };
    }

    async function fixtures() {
      const { user } = await ctx().userClient('user', { first_name: 'Vendeur' });
      const shopId = await personalShopOf(ctx().app.db, user.id);
      const subcategory = await createSubcategory(ctx().app.db);
      const product = await createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subcategory.id,
        user_id: user.id,
        name: 'Hilux parité',
        name_fr: 'Hilux parité',
      });
      await createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subcategory.id,
        user_id: user.id,
        name: 'Hilux voisine',
        name_fr: 'Hilux voisine',
      });
      return { shopId, product, subcategory };
    }

    it('gives each page, for a visitor and for someone signed in, the API answers of that visitor', async () => {
      const { shopId, product, subcategory } = await fixtures();
      const reader = await ctx().userClient('user');
      const viewer = { id: reader.user.id, role: 'user' as const, language: null };
      const pages = [
        `/products/product/${product.id}`,
        `/shops/shop/${shopId}`,
        '/search?name=Hilux',
        // The panel's subcategories and, in the 'so advanced' mode, the subcategory's fields.
        `/search?mode=so_advanced&pcategory_id=${subcategory.pcategory_id}&psubcategory_id=${subcategory.id}`,
        '/',
        '/?tab=shops',
        '/market',
      ];
      let compared = 0;
      for (const [user, client] of [
        [null, ctx().client()],
        [viewer, reader.client],
      ] as const) {
        for (const url of pages) {
          const { page, asked } = await pageRequests(url, user);
          expect(page.status, url).toBe(200);
          expect(asked.length, url).toBeGreaterThan(1);
          for (const request of asked) {
            expect({ ...request, ...(await apiAnswer(client, request)) }, url).toEqual(request);
            compared += 1;
          }
        }
      }
      // The offer, its similar offers, the shop and its offers, the search, me…: all were seen.
      expect(compared).toBeGreaterThanOrEqual(20);
    });

    it("answers a page's request for an unknown or malformed id, or bad input, as the API does", async () => {
      const client = ctx().client();
      const request = { user: null, log: ctx().app.log } as FastifyRequest;
      const transport = pageDataTransport(ctx().app)(request);
      const cases: Asked[] = [
        { method: 'GET', url: '/products/product/99999999', status: 0, answer: null },
        { method: 'GET', url: '/products/product/abc', status: 0, answer: null },
        { method: 'GET', url: '/shops/shop/0', status: 0, answer: null },
        { method: 'GET', url: '/users/user/99999999', status: 0, answer: null },
        { method: 'GET', url: '/shops/paginate/all/0?page=-1', status: 0, answer: null },
        {
          method: 'POST',
          url: '/products/all/0/search',
          body: JSON.stringify({ page: 'x' }),
          status: 0,
          answer: null,
        },
        {
          method: 'POST',
          url: '/products/nowhere/0/search',
          body: JSON.stringify({}),
          status: 0,
          answer: null,
        },
      ];
      for (const asked of cases) {
        const response = await transport(asked.url, { method: asked.method, body: asked.body });
        const api = await apiAnswer(client, asked);
        expect(api.status, asked.url).toBeGreaterThanOrEqual(400);
        expect(api.status, asked.url).toBeLessThan(500);
        expect(
          { status: response.status, answer: JSON.parse(await response.text()) },
          asked.url,
        ).toEqual(api);
      }
    });

    it('keeps a hidden offer to its author, as the API does', async () => {
      const author = await ctx().userClient('user');
      const shopId = await personalShopOf(ctx().app.db, author.user.id);
      const subcategory = await createSubcategory(ctx().app.db);
      const product = await createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subcategory.id,
        user_id: author.user.id,
        moderation_status: 'hidden',
      });
      const url = `/products/product/${product.id}`;
      const authorUser = { id: author.user.id, role: 'user' as const, language: null };
      for (const [user, client, status] of [
        [null, ctx().client(), 404],
        [authorUser, author.client, 200],
      ] as const) {
        const { page, asked } = await pageRequests(url, user);
        expect(page.status).toBe(status);
        const read = asked.find((a) => a.url === url)!;
        expect(read.status).toBe(status);
        expect({ ...read, ...(await apiAnswer(client, read)) }).toEqual(read);
      }
    });
  },
  { render },
);
