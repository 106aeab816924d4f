import { beforeAll, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import {
  LEVEL_SPAN,
  PLACE_CELL_SIZES,
  placeCellsExpr,
  ROW_SPAN,
  WORDS_CELLS,
} from '../../db/migrations/042-search-words-cells';
import { haversineKm, PLACES } from './search.test-helpers';
import { planOf } from './search-plans.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import {
  everyPageOf,
  placedOffers,
  sequence,
  withinKmReference,
} from './search-distance.test-helpers';
import { pgTuning } from './search-conditions';
import { placeCells } from './search-geo';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { tierText } from './search-words';

// docs/search.md, "PostgreSQL: words and place in one index read (session 21)": words within a
// distance, PostgreSQL reads the words and the place's grid cells meeting the circle (or the ring
// beyond the radius read before) from one GIN index (migration 042). The answer is the exact
// distance's either way: every product of the word within the distance, in the search's order,
// on both engines, however the place is read.

const centre = PLACES.tevraghZeina;
const WORD = 'quorbitz';

describeEachEngine('search: words and place in one index read', (ctx, engine) => {
  let ids: Map<number, { latitude: number | null; longitude: number | null }>;

  beforeAll(async () => {
    // Denser near the centre, as a town; some far beyond the largest distance asked, some just
    // inside and just outside the distances asked (a cell's edge cuts them), some without a place,
    // some of another word.
    ids = await placedOffers(ctx(), {
      centre,
      word: WORD,
      other: 'widget',
      count: 300,
      seed: 42,
      kmOf: (i, next) =>
        i % 13 === 0
          ? 40 + next() * 40
          : i % 7 === 0
            ? [1, 2, 5, 12, 40][i % 5] + (next() - 0.5) * 0.02
            : next() ** 2 * 45,
      priceOf: (i) => 1000 + ((i * 37) % 300),
    });
  }, 60_000);
  const restoreTunings = restoreTuningsAfterEach(pgTuning);

  const reference = (km: number, order: 'nearest' | 'newest') =>
    withinKmReference(ids, centre, km, order);
  /** Every page of a search for the word within `km`. */
  const search = (km: number, sort: 'nearest' | 'newest') =>
    everyPageOf(ctx().client(), { ...centre, distance: km, name: WORD, sort });

  it('finds every product within the exact distance, nearest and newest first', async () => {
    for (const km of [1, 2, 5, 12, 40]) {
      for (const sort of ['nearest', 'newest'] as const) {
        const expected = reference(km, sort);
        expect(expected.length, `${km} km`).toBeGreaterThan(0);
        const label = `${km} km, ${sort}`;
        expect(await search(km, sort), label).toEqual(expected);
        // Radius by radius (each beyond the one before), not the whole distance at once.
        pgTuning.sparseAtOnce = false;
        expect(await search(km, sort), `${label}, radius by radius`).toEqual(expected);
        // No cells at all: the rings from GiST's boxes, the whole distance's box from the btree
        // (migrations 041 and 005).
        pgTuning.placeCells = false;
        expect(await search(km, sort), `${label}, no cells`).toEqual(expected);
        restoreTunings();
      }
    }
    // Some products lie within a metre or so of a distance asked, on either side.
    const edge = [...ids.values()].filter((p) => {
      const d = p.latitude === null ? 0 : haversineKm(centre, p as typeof centre);
      return Math.abs(d - 5) < 0.01;
    });
    expect(edge.length).toBeGreaterThan(1);
  });

  it('asks for cells holding every point within the distance, and few', () => {
    const next = sequence(7);
    for (const latitude of [0, 18.09, -33.9, 60]) {
      const origin = { latitude, longitude: -15.98 };
      for (const km of [0.25, 1.06, 4.71, 50, 100]) {
        const cells = new Set(placeCells(origin, km));
        expect(cells.size, `${latitude}, ${km} km`).toBeGreaterThan(0);
        expect(cells.size).toBeLessThanOrEqual(96);
        const level = Math.floor([...cells][0] / LEVEL_SPAN);
        const size = PLACE_CELL_SIZES[level];
        for (let i = 0; i < 400; i++) {
          const d = km * Math.sqrt(next());
          const angle = next() * 2 * Math.PI;
          const dLat = (d * Math.cos(angle)) / 111.2;
          const p = {
            latitude: latitude + dLat,
            longitude:
              -15.98 + (d * Math.sin(angle)) / (111.2 * Math.cos(latitude * (Math.PI / 180))),
          };
          const exact = haversineKm(origin, p);
          if (exact > km) continue;
          const cell =
            level * LEVEL_SPAN +
            Math.floor((p.latitude + 90) / size) * ROW_SPAN +
            Math.floor((p.longitude + 180) / size);
          expect(cells.has(cell), `${latitude}, ${km} km: ${JSON.stringify(p)}`).toBe(true);
        }
      }
    }
    // Too far for the coarsest size: no cells (the boxes of 041 and 005 read it).
    expect(placeCells({ latitude: 18, longitude: 0 }, 2000)).toBeNull();
  });

  it("gives a search's tiers the cells computed once, and each place its own", () => {
    const origin = { latitude: 18.09, longitude: -15.98 };
    const first = placeCells(origin, 50);
    expect(placeCells({ ...origin }, 50)).toBe(first);
    expect(placeCells(origin, 3)).not.toEqual(first);
    expect(placeCells({ latitude: 16.51, longitude: -15.81 }, 50)).not.toEqual(first);
    expect(placeCells(origin, 50)).toEqual(first);
  });

  it.skipIf(engine !== 'postgres')(
    'numbers the cells in SQL as in JS, and reads words and cells from one index',
    async () => {
      const db = ctx().app.db;
      // The index's expression on the rows gives the cells JS computes from the same places.
      const { rows } = await sql<{
        latitude: number;
        longitude: number;
        cells: string[];
      }>`select latitude, longitude, ${sql.raw(placeCellsExpr())} as cells from products
        where latitude is not null`.execute(db);
      expect(rows.length).toBeGreaterThan(200);
      for (const r of rows) {
        const expected = PLACE_CELL_SIZES.map(
          (size, level) =>
            level * LEVEL_SPAN +
            Math.floor((r.latitude + 90) / size) * ROW_SPAN +
            Math.floor((r.longitude + 180) / size),
        );
        expect(r.cells.map(Number)).toEqual(expected);
      }
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
      // EXPLAIN as at 1,000,000, where the index's bitmap is read: this small table would be
      // read whole or from any other index (the words' own GIN index, a partial index for its
      // predicate alone), so those are off or dropped (rolled back): what is asserted is that
      // both conditions are the one index's.
      const plan = (q: SearchQuery) =>
        planOf(db, q, async (trx) => {
          await trx.executeQuery(CompiledQuery.raw('analyze products'));
          await trx.executeQuery(
            CompiledQuery.raw(`do $$ declare r record; begin
              for r in select indexrelid::regclass as name from pg_index
                where indrelid = 'products'::regclass and not indisunique
                  and indexrelid::regclass::text <> '${WORDS_CELLS}'
              loop execute 'drop index ' || r.name; end loop; end $$`),
          );
          await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
          await trx.executeQuery(CompiledQuery.raw('set local enable_indexscan = off'));
        });
      const sqlOf = (q: SearchQuery) => orderedQuery('postgres', q, COUNTED, 0).compile(db).sql;
      // The whole distance (newest first, by price, the first radius): words and cells in one
      // read of the index; no other box.
      for (const order of ['nearest', 'newest'] as const) {
        const whole = { ...query, order, beyondKm: undefined };
        expect(sqlOf(whole)).toContain(']) && ');
        expect(sqlOf(whole)).not.toContain('products.latitude between');
        const text = await plan(whole);
        expect(text).toMatch(
          new RegExp(
            `Bitmap Index Scan on ${WORDS_CELLS}.*\\n\\s+Index Cond: \\(\\(search_vector @@@ .*\\) AND \\(ARRAY\\[`,
          ),
        );
        expect(text).not.toContain('BitmapAnd');
      }
      // A ring beyond the radius before: GiST's four boxes (migration 041), never cells.
      expect(sqlOf(query)).not.toContain(']) && ');
      expect(sqlOf(query)).toContain('<@');
      // With a subcategory its own place index (005) reads the box; without cells, the btree's.
      expect(sqlOf({ ...query, psubcategoryIds: [1], beyondKm: undefined })).not.toContain(
        ']) && ',
      );
      pgTuning.placeCells = false;
      const off = sqlOf({ ...query, beyondKm: undefined });
      expect(off).not.toContain(']) && ');
      expect(off).toContain('products.latitude between');
    },
  );
});
