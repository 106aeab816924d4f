import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { liveUntil } from '../../test/fixtures';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import {
  PLACES,
  buildWorld,
  postNewerHiluxes,
  searchCalls,
  type World,
} from './search.test-helpers';
import { eachSearchWay } from './search-tunings.test-helpers';

// Issue 32 in search (search-bumps.repository.ts): "newest" counts an offer's last bump on every path, on
// both engines, and pages stay consistent. The world's Hilux is its oldest offer; bumped, it comes
// first wherever it is found newest first, and nowhere else moves. Behind 1,001 newer matches, a
// bumped offer is read from the bumped ones (SQLite: their own text index, migration 038): one
// hidden or expired stays out, and one no longer bumped leaves that index and goes back to its
// place.

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

  it('never brings back a bumped offer that is hidden or expired; an unbumped one leaves', async () => {
    const db = ctx().app.db;
    const sqlite = ctx().app.dialect === 'sqlite';
    const DAY = 86_400_000;
    // Three Hilux offers of the seller, older than the world's, then 1,001 newer matches: the
    // three are found first only through their bumps.
    const posted = new Date(Date.now() - 10 * DAY).toISOString();
    const twins: Record<string, number> = {};
    for (const [i, label] of ['shown', 'hidden', 'expired'].entries()) {
      const { id } = await db
        .insertInto('products')
        .values({
          type: 'offer',
          shop_id: w.sellerShop,
          user_id: w.seller.user.id,
          psubcategory_id: w.cars,
          name: `Toyota Hilux twin ${label}`,
          price: 1_500_000,
          offer_type: 'sale',
          number: 1,
          contact_methods: '["call"]',
          ...searchColumns([`Toyota Hilux twin ${label}`], ['cars'], []),
          created_at: posted,
          updated_at: posted,
          expires_at: liveUntil(posted),
          // The hidden and the expired one bumped last: they would come first.
          bumped_at: new Date(Date.now() + (5 + i) * 1000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      twins[label] = Number(id);
    }
    await postNewerHiluxes(db, w, 1001);
    await db
      .updateTable('products')
      .set({ moderation_status: 'hidden' })
      .where('id', '=', twins.hidden)
      .execute();
    await db
      .updateTable('products')
      .set({ expires_at: new Date(Date.now() - DAY).toISOString() })
      .where('id', '=', twins.expired)
      .execute();
    /** The ids the text index of bumped offers finds for a word (SQLite). */
    const inBumpedText = async (word: string) =>
      (
        await sql<{ id: number }>`select rowid as id from products_bumped_fts
          where products_bumped_fts match ${word} order by rowid`.execute(db)
      ).rows.map((r) => Number(r.id));
    if (sqlite) {
      expect(await inBumpedText('hilux')).toEqual(
        expect.arrayContaining([twins.shown, twins.hidden, twins.expired]),
      );
    }
    const bodies = [
      { name: 'toyota' },
      { name: 'hilux twin' },
      { name: 'hilux', psubcategory_id: w.cars },
      { pcategory_id: w.vehiclesCategory },
      {},
    ];
    const gone = [`#${twins.hidden}`, `#${twins.expired}`];
    await eachSearchWay(async (way) => {
      for (const body of bodies) {
        const label = `${way}: ${JSON.stringify(body)}`;
        const first = await found({ ...body, page_size: 5 });
        expect.soft(first[0], label).toBe(`#${twins.shown}`);
        const later: string[] = [];
        for (let page = 10; page <= 12; page++) {
          later.push(...(await found({ ...body, page, page_size: 99 })));
        }
        expect
          .soft(
            [...first, ...later].filter((l) => gone.includes(l)),
            label,
          )
          .toEqual([]);
      }
    });

    // No longer bumped: out of the bumped offers' index, back behind the newer ones.
    await db
      .updateTable('products')
      .set({ bumped_at: null })
      .where('id', '=', twins.shown)
      .execute();
    if (sqlite) {
      const ids = await inBumpedText('hilux');
      expect(ids).not.toContain(twins.shown);
      expect(ids).toEqual(expect.arrayContaining([twins.hidden, twins.expired]));
      // Its words changed while bumped: found by the new ones only.
      await db
        .updateTable('products')
        .set(searchColumns(['Toyota Hilux twin caché'], ['cars'], []))
        .where('id', '=', twins.hidden)
        .execute();
      expect(await inBumpedText('cache')).toEqual([twins.hidden]);
      expect(await inBumpedText('hidden')).toEqual([]);
    }
    await eachSearchWay(async (way) => {
      // (Not its own words: it is their only match.)
      for (const body of bodies.filter((b) => b.name !== 'hilux twin')) {
        const label = `${way}: ${JSON.stringify(body)}`;
        const first = await found({ ...body, page_size: 5 });
        expect.soft(first, label).not.toContain(`#${twins.shown}`);
        expect
          .soft(
            first.filter((l) => gone.includes(l)),
            label,
          )
          .toEqual([]);
      }
    });
  });
});
