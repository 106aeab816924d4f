import { beforeAll, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import { PLACE_GIST } from '../../db/migrations/041-search-place-gist';
import { haversineKm, PLACES } from './search.test-helpers';
import { planOf } from './search-plans.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import { everyPageOf, placedOffers, withinKmReference } from './search-distance.test-helpers';
import { pgTuning } from './search-conditions';
import { innerSquare } from './search-geo';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { tierText } from './search-words';

// docs/search.md, "PostgreSQL: the distance box from a spatial index (session 20)": nearest first
// with words, PostgreSQL reads each radius after the first from the place's GiST index (migration
// 041), only the four boxes around the square inside the radius before, instead of a latitude
// band of a btree. The answer is the exact distance's either way: every product of the
// word within the distance, nearest first, on both engines, however the radii are read.

const centre = PLACES.tevraghZeina;
const WORD = 'zorblax';

describeEachEngine('search: the distance box from the place index', (ctx, engine) => {
  let ids: Map<number, { latitude: number | null; longitude: number | null }>;

  beforeAll(async () => {
    // Denser near the centre, as a town (scripts/bulk-random.ts); some far beyond the largest
    // distance asked, some in the box's corners, some without a place, some of another word.
    ids = await placedOffers(ctx(), {
      centre,
      word: WORD,
      other: 'gadget',
      count: 260,
      seed: 41,
      kmOf: (i, next) => (i % 13 === 0 ? 40 + next() * 40 : next() ** 2 * 45),
      priceOf: (i) => 1000 + i,
    });
  }, 60_000);
  const restoreTunings = restoreTuningsAfterEach(pgTuning);

  const reference = (km: number) => withinKmReference(ids, centre, km);
  /** Every page of a nearest-first search for the word within `km`. */
  const nearest = (km: number) =>
    everyPageOf(ctx().client(), { ...centre, distance: km, name: WORD, sort: 'nearest' });

  const DISTANCES = [1, 2, 5, 12, 40];

  it('finds every product within the exact distance, nearest first', async () => {
    for (const km of DISTANCES) {
      const expected = reference(km);
      expect(expected.length, `${km} km`).toBeGreaterThan(0);
      expect(await nearest(km), `${km} km`).toEqual(expected);
      // Radius by radius (each beyond the one before), not the whole distance at once.
      pgTuning.sparseAtOnce = false;
      expect(await nearest(km), `${km} km, radius by radius`).toEqual(expected);
      // The whole box of each radius from the GiST index, then from the btree indexes (before
      // migration 041).
      pgTuning.placeRing = false;
      expect(await nearest(km), `${km} km, whole boxes`).toEqual(expected);
      pgTuning.placeGist = false;
      expect(await nearest(km), `${km} km, btree box`).toEqual(expected);
      restoreTunings();
    }
    // The reference holds some of the box's corners out: within the box, beyond the distance.
    expect(reference(5).length).toBeLessThan(reference(Math.SQRT2 * 5).length);
  });

  it('leaves out of a ring only a square within the radius before', () => {
    for (const latitude of [0, 18.09, -33.9, 45, 70]) {
      for (const km of [0.25, 2.35, 12, 50, 100]) {
        const origin = { latitude, longitude: -15.98 };
        const square = innerSquare(origin, km);
        expect(square, `${latitude}, ${km} km`).not.toBeNull();
        const [west, south, east, north] = square!;
        const corners = [
          [west, south],
          [west, north],
          [east, south],
          [east, north],
        ].map(([longitude, latitude]) => haversineKm(origin, { latitude, longitude }));
        for (const d of corners) {
          expect(d, `${latitude}, ${km} km`).toBeLessThanOrEqual(km);
          // Not much smaller either: most of the square a radius holds.
          expect(d, `${latitude}, ${km} km`).toBeGreaterThan(km * 0.95);
        }
      }
    }
    expect(innerSquare({ latitude: 18, longitude: 0 }, 101)).toBeNull();
    expect(innerSquare({ latitude: 79.9, longitude: 0 }, 50)).toBeNull();
  });

  it.skipIf(engine !== 'postgres')(
    'reads the box of words within a distance from the GiST index',
    async () => {
      const db = ctx().app.db;
      const query: SearchQuery = {
        type: 'offer',
        order: 'nearest',
        psubcategoryIds: [],
        pfields: [],
        origin: centre,
        distanceKm: 5,
        beyondKm: 2,
        text: tierText(queryTerms(WORD), 'stem', 'offer'),
      };
      // EXPLAIN as at 1,000,000 in a dense town, where the box's entries are read as a bitmap:
      // this small table would be read whole or walked by an index, so those are off (rolled back).
      const plan = (q: SearchQuery) =>
        planOf(db, q, async (trx) => {
          await trx.executeQuery(CompiledQuery.raw('analyze products'));
          await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
          await trx.executeQuery(CompiledQuery.raw('set local enable_indexscan = off'));
        });
      /** The reads of the GiST index for a box of the place. */
      const boxReads = (text: string) =>
        text.match(
          new RegExp(
            `Bitmap Index Scan on ${PLACE_GIST}.*\\n\\s+Index Cond: \\(point\\(longitude, latitude\\) <@ '\\(`,
            'g',
          ),
        )?.length ?? 0;
      // Beyond the radius read before: the four boxes around the square inside it, from GiST;
      // the btree's latitude band is no longer asked for.
      const ring = await plan(query);
      expect(boxReads(ring)).toBe(4);
      expect(ring).toContain('BitmapOr');
      expect(ring).not.toMatch(/latitude >=/);
      // The first radius, or the whole distance at once: the btree's box (GiST's constant
      // estimate would have the planner read a large box alone).
      const whole = orderedQuery('postgres', { ...query, beyondKm: undefined }, COUNTED, 0);
      expect(whole.compile(db).sql).not.toContain('<@');
      // With a subcategory its own place index (005) reads the box: the btree's box.
      const sub = orderedQuery('postgres', { ...query, psubcategoryIds: [1] }, COUNTED, 0);
      expect(sub.compile(db).sql).not.toContain('<@');
      expect(sub.compile(db).sql).toContain('products.latitude between');
      pgTuning.placeRing = false;
      expect(boxReads(await plan(query))).toBe(1);
      pgTuning.placeGist = false;
      const off = await plan(query);
      expect(off).not.toContain('<@');
      expect(off).toMatch(/latitude >=/);
    },
  );
});
