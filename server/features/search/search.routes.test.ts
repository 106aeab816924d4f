import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX } from '../../../shared/constants';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import { buildWorld, haversineKm, PLACES, type World } from './search.test-helpers';

describeEachEngine('search: POST /products/{source_name}/{source_id}/search', (ctx) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(ctx());
  }, 60_000);

  const search = (body: Record<string, unknown> = {}, url = '/products/all/0/search') =>
    ctx().client().post(url, body);
  /** Labels of the products found, in order. */
  async function found(body: Record<string, unknown> = {}, url?: string): Promise<string[]> {
    const res = await search(body, url);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(Object.entries(w.p).map(([label, id]) => [id, label]));
    return res.json().products.data.map((c: { id: number }) => byId.get(c.id) ?? `#${c.id}`);
  }
  const sorted = (list: string[]) => [...list].sort();

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
      expect(await found({ type: 'demand' }, `/products/shop/${w.sellerShop}/search`)).toEqual([]);
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
        type: 'demand',
        offer_type: 'buy',
        shop_id: w.sellerShop,
        psubcategory_id: sub.id,
        name: `bulk ${i}`,
        search_text: `bulk ${i}`,
        created_at: at,
        updated_at: at,
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

  describe('text (DESIGN §7)', () => {
    it('finds Arabic names however their letters were typed', async () => {
      expect(await found({ name: 'سياره' })).toEqual(['hilux']);
      expect(await found({ name: 'سيارة' })).toEqual(['hilux']);
      expect(await found({ name: 'سَيَّارَة' })).toEqual(['hilux']);
      expect(await found({ name: 'ســيارة' })).toEqual(['hilux']);
      expect(await found({ name: 'احمد' })).toEqual(['phone']);
      expect(await found({ name: 'أحمد' })).toEqual(['phone']);
      expect(await found({ name: 'إحمد' })).toEqual(['phone']);
      expect(await found({ name: 'ثلاجه' })).toEqual(['fridge']);
    });

    it('finds French names without accents or case', async () => {
      expect(await found({ name: 'refrig' })).toEqual(['fridge']);
      expect(await found({ name: 'RÉFRIGÉRATEUR' })).toEqual(['fridge']);
      expect(await found({ name: 'refrigerateur samsung' })).toEqual(['fridge']);
    });

    it('reads Eastern Arabic digits as digits', async () => {
      expect(await found({ name: '2018' })).toEqual(['yaris']);
      expect(await found({ name: '٢٠١٨' })).toEqual(['yaris']);
      expect(await found({ name: 'مرسيدس ١٩٠' })).toEqual(['mercedes']);
    });

    it('matches words by prefix, not inside words', async () => {
      expect(sorted(await found({ name: 'toyo' }))).toEqual(['hilux', 'prado', 'yaris']);
      expect(await found({ name: 'hil' })).toEqual(['hilux']);
      // Found inside a word only by PostgreSQL's near-spelling fallback (nothing starts so).
      expect(await found({ name: 'ilux' })).toEqual(ctx().engine === 'postgres' ? ['hilux'] : []);
    });

    it('needs every word (AND), in any field and language', async () => {
      expect(await found({ name: 'toyota hilux' })).toEqual(['hilux']);
      expect(await found({ name: 'تويوتا cabine' })).toEqual(['hilux']);
      expect(await found({ name: 'hilux climatisation' })).toEqual(['hilux']);
      expect(await found({ name: 'toyota samsung' })).toEqual([]);
    });

    it('ignores punctuation and cannot be fed query syntax', async () => {
      expect(await found({ name: 'toyota, hilux!' })).toEqual(['hilux']);
      for (const name of ['"', '*', 'toyota OR samsung', 'hilux:*|samsung', "')--", 'NEAR(a b)']) {
        const res = await search({ name });
        expect(res.statusCode, name).toBe(200);
      }
      expect(await found({ name: 'toyota OR samsung' })).toEqual([]);
    });

    it('keeps the index in step with edits and deletions', async () => {
      const { client } = w.seller;
      const res = await client.post('/products/create/offer', {
        psubcategory_id: w.phones,
        name: 'Nokia 3310',
      });
      const id = res.json().product.id;
      expect((await search({ name: 'nokia' })).json().products.data[0].id).toBe(id);
      await client.put(`/products/${id}`, { name: 'Huawei P30' });
      expect((await search({ name: 'nokia' })).json().products.total).toBe(0);
      expect((await search({ name: 'huawei' })).json().products.data[0].id).toBe(id);
      await client.delete(`/products/${id}`);
      expect((await search({ name: 'huawei' })).json().products.total).toBe(0);
    });

    it('forgets the products of a deleted shop (cascade)', async () => {
      const { client } = w.seller;
      const shop = await client.post('/shops/create', { name: 'Garage Zebra' });
      expect(shop.statusCode, shop.body).toBe(201);
      const shopId = shop.json().shop.id;
      const posted = await client.post('/products/create/offer', {
        psubcategory_id: w.cars,
        shop_id: shopId,
        name: 'Zebra Land Cruiser',
      });
      expect(posted.statusCode, posted.body).toBe(201);
      expect((await search({ name: 'zebra' })).json().products.total).toBe(1);
      expect((await client.delete(`/shops/${shopId}`)).statusCode).toBe(204);
      expect((await search({ name: 'zebra' })).json().products.total).toBe(0);
      if (ctx().engine === 'sqlite') {
        // FTS5 compares its index with the products' text: it throws if they drifted apart.
        await sql`insert into products_fts(products_fts, rank) values ('integrity-check', 1)`.execute(
          ctx().app.db,
        );
      }
    });

    it('falls back to near spellings on PostgreSQL when no word matches', async () => {
      const names = await found({ name: 'toyata hilox' });
      expect(names).toEqual(ctx().engine === 'postgres' ? ['hilux'] : []);
    });
  });

  describe('filters (each alone, then together)', () => {
    it('category and subcategory', async () => {
      expect(sorted(await found({ pcategory_id: w.homeCategory }))).toEqual([
        'fridge',
        'phone',
        'private',
        'rosso',
        'sold',
      ]);
      expect(sorted(await found({ psubcategory_id: w.appliances }))).toEqual(['fridge', 'rosso']);
      expect(await found({ pcategory_id: 999999 })).toEqual([]);
      // Each subcategory of the category is read on its own (search.repository): still one
      // list, newest first, and its pages follow each other.
      const ids = async (body: Record<string, unknown>) =>
        (await search({ pcategory_id: w.homeCategory, ...body }))
          .json()
          .products.data.map((c: { id: number }) => c.id);
      const all = await ids({});
      expect(all).toEqual([...all].sort((a, b) => b - a));
      expect([...(await ids({ page_size: 2 })), ...(await ids({ page_size: 2, page: 2 }))]).toEqual(
        all.slice(0, 4),
      );
    });

    it('price bounds, inclusive', async () => {
      expect(sorted(await found({ min_price: 600_000 }))).toEqual(['hilux', 'mercedes']);
      expect(sorted(await found({ max_price: 18_000 }))).toEqual(['phone', 'private', 'sold']);
      expect(sorted(await found({ min_price: '20000', max_price: '100000' }))).toEqual([
        'fridge',
        'prado',
        'rosso',
      ]);
    });

    it('negotiable, used, delivery, offer_type', async () => {
      expect(await found({ negotiable: 'yes' })).toEqual(['hilux']);
      expect(sorted(await found({ used: 'yes' }))).toEqual(['hilux', 'mercedes', 'phone']);
      expect(sorted(await found({ delivery: 'yes' }))).toEqual(['fridge', 'phone', 'rosso']);
      expect(await found({ offer_type: 'monthly_rent' })).toEqual(['prado']);
      expect((await found({ negotiable: 'no' })).length).toBe(8);
    });

    it('field values: select, radio, text, number, checkbox', async () => {
      const f = w.fields;
      expect(sorted(await found({ [`pfield_${f.brand}`]: 'Toyota' }))).toEqual(['hilux', 'prado']);
      expect(await found({ [`pfield_${f.gearbox}`]: 'automatic' })).toEqual(['mercedes']);
      expect(await found({ [`pfield_${f.colour}`]: 'blanc' })).toEqual(['hilux']);
      expect(await found({ [`pfield_${f.year}`]: 2015 })).toEqual(['hilux']);
      expect(await found({ [`pfield_${f.year}`]: '2015.0' })).toEqual(['hilux']);
      expect(sorted(await found({ [`pfield_${f.year}`]: { min: 2000 } }))).toEqual([
        'hilux',
        'prado',
      ]);
      expect(await found({ [`pfield_${f.year}`]: { min: '1980', max: '2000' } })).toEqual([
        'mercedes',
      ]);
      expect((await found({ [`pfield_${f.year}`]: { min: '', max: '' } })).length).toBe(9);
      expect(sorted(await found({ [`pfield_${f.features}`]: 'gps' }))).toEqual(['hilux', 'prado']);
      expect(await found({ [`pfield_${f.features}`]: ['gps', 'sunroof'] })).toEqual(['prado']);
      expect(await found({ [`pfield_${f.features}`]: '["sunroof"]' })).toEqual(['prado']);
      expect(sorted(await found({ [`pfield_${f.features}`]: ['air_conditioning'] }))).toEqual([
        'hilux',
        'mercedes',
        'prado',
      ]);
    });

    it('distance: within the radius only, nearest first, with the distance on each card', async () => {
      const origin = PLACES.tevraghZeina;
      const res = await search({ ...origin, distance: 10 });
      expect(res.statusCode).toBe(200);
      const data = res.json().products.data as { id: number; distance_km: number }[];
      const labels = Object.fromEntries(Object.entries(w.p).map(([k, v]) => [v, k]));
      const expected = Object.entries(w.placeOf)
        .filter(([label]) => label !== 'wanted')
        .map(([label, place]) => ({ label, km: haversineKm(origin, PLACES[place]) }))
        .filter((x) => x.km <= 10)
        // Same place: the newer first.
        .sort((a, b) => a.km - b.km || w.p[b.label] - w.p[a.label]);
      expect(data.map((c) => labels[c.id])).toEqual(expected.map((x) => x.label));
      // Ksar, then Sebkha (the private offer) …; Rosso (~180 km) and Nouadhibou are out.
      expect(expected.map((x) => x.label)).toEqual([
        'sold',
        'hilux',
        'private',
        'phone',
        'mercedes',
        'fridge',
      ]);
      data.forEach((c, i) => expect(c.distance_km).toBeCloseTo(expected[i].km, 2));
      expect(res.json().products.total).toBe(6);
    });

    it('distance: pages keep the nearest-first order (the radius widens as pages need)', async () => {
      const origin = PLACES.tevraghZeina;
      const whole = await found({ ...origin, distance: 10 });
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++) {
        paged.push(...(await found({ ...origin, distance: 10, page_size: 2, page })));
      }
      expect(paged).toEqual(whole);
      const second = (await search({ ...origin, distance: 10, page_size: 2, page: 2 })).json();
      expect(second.products).toMatchObject({ total: 6, last_page: 3, to: 4 });
    });

    it('distance: the cut-off is the distance given, bounds included', async () => {
      const origin = PLACES.tevraghZeina;
      expect(await found({ ...origin, distance: 1 })).toEqual([]);
      expect(await found({ ...origin, distance: 3 })).toEqual(['sold', 'hilux']);
      const rossoKm = haversineKm(origin, PLACES.rosso);
      expect(await found({ ...origin, distance: Math.floor(rossoKm) })).not.toContain('rosso');
      expect(await found({ ...origin, distance: Math.ceil(rossoKm) })).toContain('rosso');
      expect(await found({ ...origin, distance: 1000 })).toContain('prado');
    });

    it('a position without a distance keeps newest first and tells the distance', async () => {
      const res = await search({ ...PLACES.rosso });
      const data = res.json().products.data as {
        id: number;
        distance_km: number | null;
      }[];
      expect(data.map((c) => c.id)).toEqual(data.map((c) => c.id).sort((a, b) => b - a));
      expect(data.find((c) => c.id === w.p.rosso)!.distance_km).toBe(0);
      expect(data.find((c) => c.id === w.p.yaris)!.distance_km).toBeNull();
    });

    it('combines every filter', async () => {
      const f = w.fields;
      const body = {
        name: 'toyota',
        pcategory_id: w.vehiclesCategory,
        psubcategory_id: w.cars,
        min_price: 1_000_000,
        max_price: 2_000_000,
        negotiable: 'yes',
        used: 'yes',
        delivery: 'no',
        offer_type: 'sale',
        ...PLACES.tevraghZeina,
        distance: 5,
        [`pfield_${f.brand}`]: 'Toyota',
        [`pfield_${f.year}`]: { min: 2010, max: 2016 },
        [`pfield_${f.features}`]: ['gps'],
      };
      expect(await found(body)).toEqual(['hilux']);
      // Any one of them changed to exclude the Hilux empties the answer.
      for (const change of [
        { name: 'mercedes' },
        { pcategory_id: w.homeCategory },
        { min_price: 1_600_000 },
        { negotiable: 'no' },
        { used: 'no' },
        { delivery: 'yes' },
        { offer_type: 'monthly_rent' },
        { distance: 1 },
        { [`pfield_${f.year}`]: { min: 2016 } },
        { [`pfield_${f.features}`]: ['sunroof'] },
      ]) {
        expect(await found({ ...body, ...change }), JSON.stringify(change)).toEqual([]);
      }
      expect(
        await found({ ...body, distance: '' }, `/products/shop/${w.sellerShop}/search`),
      ).toEqual(['hilux']);
      expect(await found(body, `/products/shop/${w.otherShop}/search`)).toEqual([]);
    });
  });
});
