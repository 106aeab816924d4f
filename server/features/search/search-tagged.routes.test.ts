import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import { bitmapPlanOf } from './search-plans.test-helpers';
import { buildWorld, PLACES, searchCalls, type World } from './search.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import { pgTuning } from './search-conditions';
import { nearestTuning } from './search-nearest';
import { commonWords, taggedMatches, taggedRead } from './search-plan';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { TIERS, tierText, type TieredWord } from './search-words';

// docs/search.md "PostgreSQL: the columns inside the text index (session 25)": a tier's query
// without weights over migration 045's tagged vector finds exactly the products its weighted
// query finds over search_vector; words read first are read from that index, the rows tested for
// nothing but the other filters; nearest first, a tier whose tagged matches are few is read at
// once. The same answers either way.

describeEachEngine(
  'search: the tagged text index (PostgreSQL)',
  (ctx) => {
    let w: World;
    const { foundEach } = searchCalls(ctx, () => w);
    beforeAll(async () => {
      w = await buildWorld(ctx());
    }, 60_000);
    restoreTuningsAfterEach(pgTuning);

    /** The listed products a query finds, by its weighted and by its tagged form. */
    async function bothWays(text: { ts: string; tagged: string }) {
      const { rows } = await sql<{ weighted: number[] | null; tagged: number[] | null }>`select
          array_agg(id order by id) filter (where search_vector @@ to_tsquery('simple', ${text.ts}))
            as weighted,
          array_agg(id order by id) filter (where search_tagged(search_vector)
            @@ to_tsquery('simple', ${text.tagged})) as tagged
        from products where moderation_status = 'visible'`.execute(ctx().app.db);
      return { weighted: rows[0].weighted ?? [], tagged: rows[0].tagged ?? [] };
    }

    it('finds with the tagged query exactly what the weighted query finds, in every tier', async () => {
      // Words as written, prefixes, stems, lexicon and related words, both scripts, several
      // words, and near spellings (the typo tier's, given here as the vocabulary would).
      const words: TieredWord[][] = [
        ...[
          'toyota',
          'toyo',
          'hilux propre',
          'سيارة',
          'تويوتا هيلوكس',
          'cars',
          'samsung',
          '190',
        ].map((text) => queryTerms(text)),
        queryTerms('hiluks').map((word) => ({ ...word, typos: ['hilux', 'hilix'] })),
      ];
      let found = 0;
      for (const query of words) {
        for (const tier of TIERS) {
          const text = tierText(query, tier, 'offer');
          const { weighted, tagged } = await bothWays(text);
          expect(tagged, `${text.ts} / ${text.tagged}`).toEqual(weighted);
          found += weighted.length;
        }
      }
      expect(found).toBeGreaterThan(20);
    });

    it('reads words read first from the tagged index, with no row tested for their columns', async () => {
      const db = ctx().app.db;
      const query: SearchQuery = {
        type: 'offer',
        order: 'newest',
        psubcategoryIds: [w.cars],
        maxPrice: 2_000_000,
        pfields: [],
        matchesFirst: true,
        taggedRead: true,
        text: tierText(queryTerms('toyota'), 'stem', 'offer'),
      };
      const plan = (q: SearchQuery) => bitmapPlanOf(db, q, 'products_search_tagged');
      const near = { ...query, psubcategoryIds: [], origin: PLACES.tevraghZeina, distanceKm: 50 };
      const compiled = (q: SearchQuery) => orderedQuery('postgres', q, COUNTED, 0).compile(db).sql;
      const rows = async (q: SearchQuery) =>
        (await orderedQuery('postgres', q, COUNTED, 0).execute(db)).rows.map((r) => r.id);
      pgTuning.tagged = true;
      expect(await plan(query)).toMatch(
        /Bitmap Index Scan on products_search_tagged\s+(?:\(.*\)\s+)?Index Cond: \(search_tagged\(search_vector\) @@ '''atoyota'' & ''btoyota'' \| ''btoyota'''::tsquery\)/,
      );
      expect(await plan(query)).not.toMatch(/search_vector @@@? '[^\n]*:A/);
      // Within a whole distance too, where the place's cells were read with any column's terms.
      expect(compiled(near)).toContain('search_tagged(products.search_vector) @@');
      expect(compiled(near)).not.toContain('&&');
      const on = [await rows(query), await rows(near)];
      expect(on[0].length).toBeGreaterThan(0);
      expect(on[1].length).toBeGreaterThan(0);
      // Not chosen: any column's terms from the other indexes, as before.
      expect(compiled({ ...query, taggedRead: false })).not.toContain('search_tagged');
      pgTuning.tagged = false;
      expect(compiled(query)).not.toContain('search_tagged');
      expect(compiled(near)).toContain('&&');
      expect([await rows(query), await rows(near)]).toEqual(on);
    });

    it('reads a tier with few tagged matches at once, nearest first, and answers alike', async () => {
      const db = ctx().app.db;
      const text = tierText(queryTerms('toyota'), 'exact', 'offer');
      // (The plan keeps the statistics it read for ten minutes: none was read before this.)
      await sql`analyze products`.execute(db);
      const stats = await commonWords(db);
      expect(stats.tagged.of.size).toBeGreaterThan(0);
      expect(stats.cells.of.size).toBeGreaterThan(0);
      const estimate = await taggedMatches(db, text);
      expect(estimate).not.toBeNull();
      expect(estimate!).toBeLessThan(nearestTuning.taggedAtOnce);
      // Read first away from a place, the tagged index; within a whole distance, only when its
      // matches are far fewer than the products in the place's cells: not in this small world.
      const first: SearchQuery = {
        type: 'offer',
        order: 'nearest',
        psubcategoryIds: [],
        pfields: [],
        matchesFirst: true,
        text,
      };
      expect((await taggedRead(db, 'postgres', first)).taggedRead).toBe(true);
      const near = { ...first, origin: PLACES.tevraghZeina, distanceKm: 5 };
      expect((await taggedRead(db, 'postgres', near)).taggedRead).toBeUndefined();
      expect(
        (await taggedRead(db, 'postgres', { ...near, psubcategoryIds: [w.cars] })).taggedRead,
      ).toBe(true);
      expect(
        (await taggedRead(db, 'postgres', { ...first, matchesFirst: false })).taggedRead,
      ).toBeUndefined();
      const here = PLACES.tevraghZeina;
      const paths = (): [string, Record<string, unknown>][] => [
        ['nearest, word', { ...here, distance: 5, name: 'toyota' }],
        ['nearest, far', { ...here, distance: 1000, name: 'toyota' }],
        ['nearest, two words', { ...here, distance: 1000, name: 'toyota hilux' }],
        ['nearest, prefix', { ...here, distance: 1000, name: 'toyo' }],
        ['nearest, through the lexicon', { ...here, distance: 1000, name: 'سيارة' }],
        ['nearest, near spelling', { ...here, distance: 1000, name: 'hiluks' }],
        ['within a distance, newest', { ...here, distance: 1000, name: 'toyota', sort: 'newest' }],
        ['words only', { name: 'toyota hilux' }],
      ];
      pgTuning.tagged = false;
      const off = await foundEach(paths());
      pgTuning.tagged = true;
      const on = await foundEach(paths());
      expect(on).toEqual(off);
      expect(on['nearest, far'].length).toBeGreaterThan(1);
    });
  },
  { only: 'postgres' },
);
