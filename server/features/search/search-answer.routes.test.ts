import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory, liveUntil } from '../../test/fixtures';
import { SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX } from '../../../shared/constants';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import { buildWorld, PLACES, searchCalls, sorted, type World } from './search.test-helpers';

describeEachEngine(
  'search: POST /products/{source_name}/{source_id}/search, answer and bad input',
  (ctx) => {
    let w: World;
    beforeAll(async () => {
      w = await buildWorld(ctx());
    }, 60_000);
    const { search, found } = searchCalls(ctx, () => w);

    describe('answer and sources', () => {
      it('answers offers as a pagination object of cards, newest first', async () => {
        const res = await search();
        expect(res.statusCode).toBe(200);
        const { products } = res.json();
        expect(Object.keys(products).sort()).toEqual(
          ['current_page', 'data', 'last_page', 'per_page', 'to', 'total'].sort(),
        );
        expect(products).toMatchObject({
          current_page: 1,
          last_page: 1,
          per_page: SEARCH_PAGE_SIZE,
          total: 9,
          to: 9,
        });
        const ids = products.data.map((c: { id: number }) => c.id);
        expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
        expect(ids).not.toContain(w.p.wanted);
        const hilux = products.data.find((c: { id: number }) => c.id === w.p.hilux);
        expect(hilux).toMatchObject({
          type: 'offer',
          name: 'سيارة تويوتا هيلوكس',
          price: 1_500_000,
          negotiable: 'yes',
          sold: false,
          shop: { id: w.sellerShop, is_professional: false },
          ...PLACES.ksar,
          distance_km: null,
          saved: false,
        });
      });

      it('keeps private and sold-out offers, marked as such', async () => {
        const res = await search({ name: 'tecno' });
        expect(res.json().products.data).toEqual([
          expect.objectContaining({ id: w.p.sold, sold: true, number: 2, sold_count: 2 }),
        ]);
        expect(await found({ name: 'galaxy' })).toEqual(['private']);
      });

      it('finds demands with type demand', async () => {
        expect(await found({ type: 'demand' })).toEqual(['wanted']);
        expect(await found({ type: 'offer', name: 'مطلوب' })).toEqual([]);
        expect(await found({ type: 'demand', name: 'مطلوب تويوتا' })).toEqual(['wanted']);
      });

      it('treats blank inputs as not given (the web form sends empty inputs)', async () => {
        const blank = Object.fromEntries(
          [
            'page',
            'type',
            'page_size',
            'name',
            'pcategory_id',
            'psubcategory_id',
            'latitude',
            'longitude',
            'min_price',
            'max_price',
            'negotiable',
            'used',
            'delivery',
            'offer_type',
            'distance',
            `pfield_${w.fields.brand}`,
          ].map((k) => [k, '']),
        );
        const res = await search(blank);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().products).toMatchObject({ total: 9, per_page: SEARCH_PAGE_SIZE });
        expect((await ctx().client().post('/products/all/0/search')).statusCode).toBe(200);
      });

      it('looks in one shop', async () => {
        expect(sorted(await found({}, `/products/shop/${w.otherShop}/search`))).toEqual([
          'fridge',
          'prado',
          'rosso',
        ]);
        expect(await found({ type: 'demand' }, `/products/shop/${w.sellerShop}/search`)).toEqual(
          [],
        );
      });

      it('looks in one subcategory, and with psubcategory_id too', async () => {
        expect(sorted(await found({}, `/products/psubcategory/${w.phones}/search`))).toEqual([
          'phone',
          'private',
          'sold',
        ]);
        expect(
          await found(
            { psubcategory_id: w.phones, name: 'iphone' },
            `/products/psubcategory/${w.phones}/search`,
          ),
        ).toEqual(['phone']);
        expect(
          await found({ psubcategory_id: w.cars }, `/products/psubcategory/${w.phones}/search`),
        ).toEqual([]);
      });

      it('answers 404 for an unknown source, shop or subcategory', async () => {
        for (const url of [
          '/products/everything/0/search',
          '/products/shop/999999/search',
          '/products/psubcategory/999999/search',
          '/products/shop/abc/search',
          '/products/all/-1/search',
        ]) {
          const res = await search({}, url);
          expect(res.statusCode, url).toBe(404);
        }
        // source_id is ignored for all.
        expect((await search({}, '/products/all/123/search')).statusCode).toBe(200);
      });

      it('pages results, caps page_size, and counts up to SEARCH_TOTAL_MAX', async () => {
        const db = ctx().app.db;
        const sub = await createSubcategory(db, { name: 'bulk' });
        // Demands of their own subcategory, taken away at the end: the other tests count offers.
        const many = SEARCH_TOTAL_MAX + 5;
        const at = new Date().toISOString();
        const rows = Array.from({ length: many }, (_, i) => ({
          type: 'demand' as const,
          offer_type: 'buy' as const,
          shop_id: w.sellerShop,
          psubcategory_id: sub.id,
          name: `bulk ${i}`,
          search_text: `bulk ${i}`,
          created_at: at,
          updated_at: at,
          expires_at: liveUntil(at),
        }));
        for (let i = 0; i < many; i += 200) {
          await db
            .insertInto('products')
            .values(rows.slice(i, i + 200))
            .execute();
        }
        const url = `/products/psubcategory/${sub.id}/search`;
        const search = (body: Record<string, unknown>, at = url) =>
          ctx()
            .client()
            .post(at, { type: 'demand', ...body });
        const big = (await search({ page_size: 1000 })).json().products;
        expect(big).toMatchObject({
          per_page: SEARCH_PAGE_SIZE_MAX,
          total: SEARCH_TOTAL_MAX,
          last_page: SEARCH_TOTAL_MAX / SEARCH_PAGE_SIZE_MAX,
          to: SEARCH_PAGE_SIZE_MAX,
        });
        expect(big.data).toHaveLength(SEARCH_PAGE_SIZE_MAX);
        const second = (await search({ page_size: '100', page: '2' })).json().products;
        expect(second).toMatchObject({ current_page: 2, to: 2 * SEARCH_PAGE_SIZE_MAX });
        const ids = [...big.data, ...second.data].map((c: { id: number }) => c.id);
        expect(new Set(ids).size).toBe(2 * SEARCH_PAGE_SIZE_MAX);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        // Past the counted total, pages still answer what there is.
        const last = (await search({ page_size: 100, page: 11 })).json().products;
        expect(last).toMatchObject({ total: SEARCH_TOTAL_MAX, to: many });
        expect(last.data).toHaveLength(5);
        const small = (await search({ page_size: 7, page: 3, name: 'bulk' })).json().products;
        expect(small).toMatchObject({ per_page: 7, current_page: 3, to: 21 });
        expect(small.total).toBe(SEARCH_TOTAL_MAX);
        const exact = (await search({ name: 'bulk 100' })).json().products;
        expect(exact.total).toBe(6); // bulk 100, and bulk 1000 … 1004 (prefix)
        const beyond = (await search({ page: 99 })).json().products;
        expect(beyond).toMatchObject({ data: [], to: null, total: SEARCH_TOTAL_MAX });
        expect((await search({})).json().products.per_page).toBe(SEARCH_PAGE_SIZE);
        await db.deleteFrom('products').where('psubcategory_id', '=', sub.id).execute();
      });

      it("carries the signed-in viewer's own state", async () => {
        const viewer = w.other.client;
        expect((await viewer.get(`/products/favorite/add/${w.p.hilux}`)).statusCode).toBe(200);
        const res = await viewer.post('/products/all/0/search', { name: 'hilux' });
        expect(res.json().products.data[0]).toMatchObject({ id: w.p.hilux, saved: true });
        const anonymous = await search({ name: 'hilux' });
        expect(anonymous.json().products.data[0]).toMatchObject({ saved: false });
        await viewer.get(`/products/favorite/remove/${w.p.hilux}`);
      });
    });

    describe('bad input (SPEC §5: whole numbers of at least 1)', () => {
      for (const field of ['distance', 'min_price', 'max_price']) {
        for (const value of [0, -1, 'abc', 1.5, '0', '1.5', true, '1e400']) {
          it(`refuses ${field} = ${JSON.stringify(value)} with 422 under ${field}`, async () => {
            const res = await search({ [field]: value, ...PLACES.tevraghZeina });
            expect(res.statusCode).toBe(422);
            expect(res.json().errors).toEqual({ [field]: ['bad_input'] });
          });
        }
      }

      it('refuses a distance without a position', async () => {
        const res = await search({ distance: 5 });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ distance: ['required_location'] });
        const half = await search({ distance: 5, latitude: 18.1 });
        expect(half.json().errors).toEqual({
          distance: ['required_location'],
          longitude: ['required'],
        });
      });

      it('refuses other malformed fields under their names', async () => {
        const res = await search({
          type: 'both',
          page_size: 0,
          negotiable: 'maybe',
          offer_type: 'gift',
          latitude: 91,
          longitude: 0,
          psubcategory_id: 'x',
          page: -2,
        });
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors).sort()).toEqual(
          [
            'latitude',
            'negotiable',
            'offer_type',
            'page',
            'page_size',
            'psubcategory_id',
            'type',
          ].sort(),
        );
      });

      it('refuses a pfield key naming no field, and a value of the wrong shape', async () => {
        const unknown = await search({ pfield_999999: 'x' });
        expect(unknown.statusCode).toBe(422);
        expect(unknown.json().errors).toEqual({ pfield_999999: ['bad_input'] });
        const notNumber = await search({
          [`pfield_${w.fields.year}`]: 'abc',
          [`pfield_${w.fields.brand}`]: { a: 1 },
        });
        expect(notNumber.json().errors).toEqual({
          [`pfield_${w.fields.year}`]: ['bad_input'],
          [`pfield_${w.fields.brand}`]: ['bad_input'],
        });
      });

      it('accepts very large prices and distances without failing', async () => {
        expect(await found({ min_price: 9_000_000_000_000 })).toEqual([]);
        expect((await found({ max_price: 9_000_000_000_000 })).length).toBe(9);
        const far = await found({ distance: 100_000, ...PLACES.tevraghZeina });
        expect(far.length).toBe(8); // all but the offer without a place
      });
    });
  },
);
