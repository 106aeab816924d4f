import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { pfieldTuning, wordsTuning } from './search-plan';
import { windowTuning } from './search.repository';
import { nearestTuning } from './search-nearest';
import { candidateTuning } from './search.service';
import { ftsTuning } from './search-fts';
import {
  buildWorld,
  haversineKm,
  PLACES,
  searchCalls,
  sorted,
  type World,
} from './search.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';

describeEachEngine('search: POST /products/{source_name}/{source_id}/search, filters', (ctx) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(ctx());
  }, 60_000);
  const { search, found } = searchCalls(ctx, () => w);

  describe('filters (each alone, then together)', () => {
    restoreTuningsAfterEach(
      pfieldTuning,
      wordsTuning,
      windowTuning,
      candidateTuning,
      nearestTuning,
      ftsTuning,
    );

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

    it('a minimum above the maximum says so instead of finding nothing (issue 20 item 9)', async () => {
      const res = await search({ min_price: '500000', max_price: '1000' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { max_price: ['max_below_min'] } });
    });

    it('negotiable, used, delivery, offer_type', async () => {
      expect(await found({ negotiable: 'yes' })).toEqual(['hilux']);
      expect(sorted(await found({ used: 'yes' }))).toEqual(['hilux', 'mercedes', 'phone']);
      expect(sorted(await found({ delivery: 'yes' }))).toEqual(['fridge', 'phone', 'rosso']);
      expect(await found({ offer_type: 'monthly_rent' })).toEqual(['prado']);
      expect((await found({ negotiable: 'no' })).length).toBe(8);
    });

    // A rare value is read first from its index, a common one tested on each row the other
    // filters lead to (search-plan.ts, pfieldTuning): both ways find the same products.
    for (const [way, fewValues] of [
      ['read first', pfieldTuning.fewValues],
      ['tested on each row', 0],
    ] as const) {
      it(`field values: select, radio, text, number, checkbox (${way})`, async () => {
        pfieldTuning.fewValues = fewValues;
        const f = w.fields;
        expect(sorted(await found({ [`pfield_${f.brand}`]: 'Toyota' }))).toEqual([
          'hilux',
          'prado',
        ]);
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
        expect(sorted(await found({ [`pfield_${f.features}`]: 'gps' }))).toEqual([
          'hilux',
          'prado',
        ]);
        expect(await found({ [`pfield_${f.features}`]: ['gps', 'sunroof'] })).toEqual(['prado']);
        expect(await found({ [`pfield_${f.features}`]: '["sunroof"]' })).toEqual(['prado']);
        expect(sorted(await found({ [`pfield_${f.features}`]: ['air_conditioning'] }))).toEqual([
          'hilux',
          'mercedes',
          'prado',
        ]);
        expect(
          sorted(
            await found({ [`pfield_${f.brand}`]: 'Toyota', [`pfield_${f.year}`]: { max: 2015 } }),
          ),
        ).toEqual(['hilux']);
      });
    }

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

    it('sorts by newest (default), price up, price down, nearest', async () => {
      const prices = async (body: Record<string, unknown>) =>
        (await search(body)).json().products.data.map((c: { price: number | null }) => c.price);
      const up = await prices({ sort: 'price_asc' });
      expect(up).toEqual([...up].sort((a, b) => a - b));
      const down = await prices({ sort: 'price_desc' });
      expect(down).toEqual([...up].reverse());
      // With words too (tiers merged in the order asked), and within a category.
      const toyotas = await prices({ name: 'toyota', sort: 'price_desc' });
      expect(toyotas).toEqual([...toyotas].sort((a, b) => b - a));
      const home = await prices({ pcategory_id: w.homeCategory, sort: 'price_asc' });
      expect(home).toEqual([...home].sort((a, b) => a - b));
      // Nearest: a position is needed; products without a place come last.
      const far = await search({ sort: 'nearest' });
      expect(far.statusCode).toBe(422);
      expect(far.json().errors).toEqual({ sort: ['required_location'] });
      const near = await found({ sort: 'nearest', ...PLACES.tevraghZeina });
      expect(near.slice(0, 2)).toEqual(['sold', 'hilux']);
      expect(near.at(-1)).toBe('yaris');
      // A distance orders nearest first unless asked otherwise.
      const within = await found({ ...PLACES.tevraghZeina, distance: 10, sort: 'newest' });
      expect(within).toEqual([...within].sort((a, b) => w.p[b] - w.p[a]));
      expect((await search({ sort: 'cheapest' })).statusCode).toBe(422);
    });

    it('common words with filters: the same read window by window, radius by radius', async () => {
      const near = { ...PLACES.tevraghZeina, distance: 50 };
      const bodies = [
        { name: 'toyota', ...near },
        { name: 'سيارة', ...near, sort: 'nearest' },
        { name: 'voiture', ...near, max_price: 2_000_000 },
        { name: 'toyota', psubcategory_id: w.cars },
        { name: 'سيارة', pcategory_id: w.vehiclesCategory },
        { name: 'toyota', pcategory_id: w.vehiclesCategory, used: 'yes' },
        { name: 'voiture', psubcategory_id: w.cars, max_price: 2_000_000 },
        { name: 'samsung', psubcategory_id: w.phones },
        { name: 'toyota', pcategory_id: w.homeCategory },
      ];
      const before = [];
      for (const body of bodies) before.push(await found(body));
      // (Most of them find several products, in an order the other ways must keep.)
      expect(before.filter((ids) => ids.length > 1).length).toBeGreaterThanOrEqual(4);
      // (SQLite: words and the filters the text index holds read from it in one query, as
      // planned.) Every word common and the filters tested on the rows (SQLite: windowedRows;
      // nearest first, radius by radius), windows of one id, no product read at once.
      ftsTuning.filtersInIndex = false;
      wordsTuning.commonWords = 1;
      windowTuning.firstSpan = 1;
      candidateTuning.max = 0;
      nearestTuning.atOnce = 0;
      for (const [i, body] of bodies.entries()) {
        expect(await found(body), JSON.stringify(body)).toEqual(before[i]);
      }
    });

    // SQLite reads the few products the filters leave and ranks them by their words in JS
    // (common words), or reads the text index tier by tier (search.service.ts, candidateTuning).
    for (const [way, max, common] of [
      ['few products ranked in JS', candidateTuning.max, 0],
      ['the text index, tier by tier', 0, wordsTuning.commonWords],
    ] as const) {
      it(`combines every filter (${way})`, async () => {
        candidateTuning.max = max;
        wordsTuning.commonWords = common;
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
        // Words with a subcategory, nearest first: every tier, in order, then by distance.
        const near = { psubcategory_id: w.cars, ...PLACES.tevraghZeina, distance: 50 };
        expect(await found({ ...near, name: 'toyota' })).toEqual(
          await found({ ...near, name: 'toyota', sort: 'nearest' }),
        );
        expect((await found({ ...near, name: 'سيارة' }))[0]).toBe('hilux');
        expect(await found({ ...near, name: 'toyata' })).toEqual(
          await found({ ...near, name: 'toyota' }),
        );
      });
    }
  });
});
