import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import {
  PLACES,
  buildWorld,
  eachSearchWay,
  postNewerHiluxes,
  searchCalls,
  type World,
} from './search.test-helpers';

// Issue 32 in search (search-bumps.repository.ts): "newest" counts an offer's last bump on every path, on
// both engines, and pages stay consistent. The world's Hilux is its oldest offer; bumped, it comes
// first wherever it is found newest first, and nowhere else moves.

const DAY_MS = 86_400_000;

describeEachEngine('search: a bumped offer is newest again (issue 32)', (ctx) => {
  let w: World;
  const { found } = searchCalls(ctx, () => w);
  beforeAll(async () => {
    w = await buildWorld(ctx());
    // Posted eight days ago (the first bump is allowed after a week): still the lowest id.
    await ctx()
      .app.db.updateTable('products')
      .set({ created_at: new Date(Date.now() - 8 * DAY_MS).toISOString() })
      .where('id', '=', w.p.hilux)
      .execute();
  }, 60_000);

  /** Search paths as [label, body, url?]: newest first unless `sort` or a distance says. */
  const paths = (): [string, Record<string, unknown>, string?][] => {
    const f = w.fields;
    const near = { ...PLACES.tevraghZeina, distance: 50 };
    return [
      ['words only', { name: 'toyota' }],
      ['words only, Arabic', { name: 'سيارة' }],
      ['words only, exact', { name: 'hilux', exact: 'yes' }],
      ['words only, other letters', { name: 'هيلوكس' }],
      ['words + filters', { name: 'toyota', max_price: 2_000_000, used: 'yes' }],
      ['words + subcategory', { name: 'toyota', psubcategory_id: w.cars }],
      ['words + category', { name: 'cabine', pcategory_id: w.vehiclesCategory }],
      ['words + field value', { name: 'toyota', [`pfield_${f.year}`]: { min: 2010 } }],
      ['words + distance, newest', { name: 'toyota', ...near, sort: 'newest' }],
      ['field values', { [`pfield_${f.brand}`]: 'Toyota', [`pfield_${f.features}`]: ['gps'] }],
      ['field value, sub', { psubcategory_id: w.cars, [`pfield_${f.gearbox}`]: 'manual' }],
      ['filters only', { min_price: 1_000_000, negotiable: 'yes' }],
      ['everything', {}],
      ['a subcategory', { psubcategory_id: w.cars }],
      ['a category', { pcategory_id: w.vehiclesCategory }],
      ['distance, newest', { ...near, sort: 'newest' }],
      ['seller shop, words', { name: 'toyota' }, `/products/shop/${w.sellerShop}/search`],
      ['seller shop', {}, `/products/shop/${w.sellerShop}/search`],
      ['subcategory source, words', { name: 'hilux' }, `/products/psubcategory/${w.cars}/search`],
      // Other orders: unchanged by a bump.
      ['words, cheapest first', { name: 'toyota', sort: 'price_asc' }],
      ['a category, dearest first', { pcategory_id: w.vehiclesCategory, sort: 'price_desc' }],
      ['words, nearest', { name: 'toyota', ...near, sort: 'nearest' }],
      ['nearest, no words', { ...near }],
    ];
  };
  const newest = (body: Record<string, unknown>) =>
    body.sort === 'newest' || (!body.sort && body.distance === undefined);

  async function everyPath(pageSize = 100): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    await eachSearchWay(async (way) => {
      for (const [label, body, url] of paths()) {
        out[`${way}: ${label}`] = await found({ ...body, page_size: pageSize }, url);
      }
    });
    return out;
  }

  it('puts the bumped offer first on every newest-first path, before its ties', async () => {
    const before = await everyPath();
    const withHilux = Object.entries(before).filter(([, labels]) => labels.includes('hilux'));
    expect(withHilux.length).toBeGreaterThanOrEqual(Object.keys(before).length * 0.8);
    // Oldest, it was last wherever it met the same tier as the others.
    expect(before['as planned: everything'].at(-1)).toBe('hilux');

    const res = await w.seller.client.post(`/products/${w.p.hilux}/bump`, {});
    expect(res.statusCode, res.body).toBe(200);
    const after = await everyPath();
    const bodies = new Map(paths().map(([label, body]) => [label, body]));
    for (const [path, labels] of Object.entries(before)) {
      const body = bodies.get(path.slice(path.indexOf(': ') + 2))!;
      const expected = [...labels];
      const at = labels.indexOf('hilux');
      if (at >= 0) {
        // Newest first: to the front. Nearest first: before those at the same place (the sold
        // phone is at the Ksar too). Its price is its own.
        let to = newest(body) ? 0 : at;
        while (!newest(body) && to > 0 && w.placeOf[labels[to - 1]] === w.placeOf.hilux) to--;
        expected.splice(at, 1);
        expected.splice(to, 0, 'hilux');
      }
      expect.soft(after[path], path).toEqual(expected);
    }
    // Pages of one are the same list, page by page.
    for (const [label, body, url] of paths().slice(0, 6)) {
      const whole = after[`as planned: ${label}`];
      const pages: string[] = [];
      for (let page = 1; page <= whole.length; page++) {
        pages.push(...(await found({ ...body, page, page_size: 1 }, url)));
      }
      expect.soft(pages, label).toEqual(whole);
    }
  });

  it('brings it back from behind 1,001 newer matches, pages past them consistent', async () => {
    const db = ctx().app.db;
    await postNewerHiluxes(db, w, 1001);
    // Bumped after they were posted (the route's week between bumps is not what is tested here).
    await db
      .updateTable('products')
      .set({ bumped_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', w.p.hilux)
      .execute();
    await eachSearchWay(async (way) => {
      for (const body of [
        { name: 'toyota' },
        { name: 'hilux', psubcategory_id: w.cars },
        { pcategory_id: w.vehiclesCategory },
        {},
      ]) {
        const label = `${way}: ${JSON.stringify(body)}`;
        expect.soft((await found({ ...body, page_size: 5 }))[0], label).toBe('hilux');
        // Pages of 99 up to the 12th (past the first 1,001, read on their own): each id once.
        const seen: string[] = [];
        for (let page = 10; page <= 12; page++) {
          seen.push(...(await found({ ...body, page, page_size: 99 })));
        }
        expect.soft(seen.length, label).toBeGreaterThan(99);
        expect.soft(new Set(seen).size, label).toBe(seen.length);
        expect.soft(seen, label).not.toContain('hilux');
      }
    });
  });
});
