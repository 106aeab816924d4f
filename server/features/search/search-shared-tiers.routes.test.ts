import { beforeAll, expect, it } from 'vitest';
import type { DB } from '../../db/types';
import { describeEachEngine } from '../../test/harness';
import { liveUntil } from '../../test/fixtures';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import { queryTerms } from '../../../shared/domain/search-terms';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import { buildWorld, searchCalls, type World } from './search.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import { pgTuning } from './search-conditions';
import { planned, rumTuning } from './search-plan';
import { sharedRead, shareable } from './search-shared-tiers';
import { COUNTED, orderedRows, type SearchQuery } from './search.repository';
import { tierText, type Tier } from './search-words';

// docs/search.md "PostgreSQL: two tiers read once (session 18)": the exact and stem tiers read by
// one read of the stem tier, each row flagged in SQL when it meets the exact tier too. "Camion
// chambre n" meets both tiers of "camion chambre"; "Camions chambre n" (stem camion) only the stem
// tier. (Two words: one is not shared from RUM or a walk.) Each layout (a word of its own) makes
// one case of the shared read: it ends before its limit (every match known), it
// reaches its limit with every row flagged, or with some unflagged (the rest of the exact tier
// read below its last row). Each tier's rows, and every answer (bumps, pages, totals), must be
// those of the tiers read one by one. (The block's database is its own: nothing is deleted.)

type Kind = 'exact' | 'stem';
const LAYOUTS: Record<string, { word: string; kinds: Kind[] }> = {
  // 12 of each, alternating: the read ends before its limit.
  few: { word: 'camion', kinds: Array.from({ length: 24 }, (_, i) => (i % 2 ? 'exact' : 'stem')) },
  // 300 older stem-only, then 1,200 newer exact: the newest 1,001 are all flagged.
  'exact newest': {
    word: 'maison',
    kinds: [...Array<Kind>(300).fill('stem'), ...Array<Kind>(1200).fill('exact')],
  },
  // 2,400 alternating: 500 of the newest 1,001 are flagged, the other 501 read below them.
  interleaved: {
    word: 'moto',
    kinds: Array.from({ length: 2400 }, (_, i) => (i % 2 ? 'exact' : 'stem')),
  },
};

async function postLayout(db: DB, w: World, word: string, layout: Kind[]) {
  const start = Date.now() - layout.length * 1000;
  const rows = layout.map((kind, i) => {
    const at = new Date(start + i * 1000).toISOString();
    const name = `${word}${kind === 'exact' ? '' : 's'} chambre ${i}`;
    return {
      type: 'offer' as const,
      shop_id: w.sellerShop,
      user_id: w.seller.user.id,
      psubcategory_id: w.cars,
      name,
      price: 1000 + i,
      offer_type: 'sale' as const,
      number: 1,
      contact_methods: '["call"]',
      ...searchColumns([name], ['cars'], []),
      created_at: at,
      updated_at: at,
      expires_at: liveUntil(at),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('products')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  // A few older ones bumped (each tier's bumps are merged as when it is read alone).
  const { rows: ids } = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('name', 'like', `${word}%`)
    .orderBy('id')
    .limit(6)
    .execute()
    .then((r) => ({ rows: r }));
  for (const [k, { id }] of ids.entries()) {
    await db
      .updateTable('products')
      .set({ bumped_at: new Date(Date.now() + (k + 1) * 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  }
}

describeEachEngine(
  'search: two tiers read once (PostgreSQL)',
  (ctx) => {
    let w: World;
    const { search } = searchCalls(ctx, () => w);
    /** Each search's ids, total and interpretation, by its label. */
    async function answers(searches: [string, Record<string, unknown>][]) {
      const out: Record<string, unknown> = {};
      for (const [label, body] of searches) {
        const res = await search(body);
        expect(res.statusCode, res.body).toBe(200);
        const { products, interpreted } = res.json();
        out[label] = {
          ids: products.data.map((c: { id: number }) => c.id),
          total: products.total,
          interpreted,
        };
      }
      return out;
    }
    beforeAll(async () => {
      w = await buildWorld(ctx());
      for (const { word, kinds } of Object.values(LAYOUTS)) {
        await postLayout(ctx().app.db, w, word, kinds);
      }
    }, 60_000);
    restoreTuningsAfterEach(pgTuning, rumTuning);

    /** The exact and stem tiers of `name`, planned as a search plans them in turn. */
    async function tiers(name: string, extra: Partial<SearchQuery> = {}) {
      const db = ctx().app.db;
      const base: SearchQuery = {
        type: 'offer',
        order: 'newest',
        psubcategoryIds: [],
        pfields: [],
        ...extra,
      };
      const text = (tier: Tier) => tierText(queryTerms(name), tier, 'offer');
      const narrow = await planned(db, 'postgres', { ...base, text: text('exact') });
      const broad = await planned(db, 'postgres', { ...base, text: text('stem') }, narrow);
      return { narrow: { ...narrow, text: text('exact') }, broad };
    }

    /**
     * Each way a tier is read here: from RUM, a subcategory walked, every match first (this small
     * world has no word statistics: set on both tiers' plans).
     */
    const ways = (): [string, number, Partial<SearchQuery>][] => [
      ['RUM', Infinity, {}],
      ['subcategory', rumTuning.maxShare, { psubcategoryIds: [w.cars] }],
      ['matches first', rumTuning.maxShare, { matchesFirst: true }],
    ];

    it("gives each tier's first rows as its own read", async () => {
      const db = ctx().app.db;
      for (const [layout, { word, kinds }] of Object.entries(LAYOUTS)) {
        for (const [way, share, extra] of ways()) {
          rumTuning.maxShare = share;
          const planned = await tiers(`${word} chambre`, extra);
          const [narrow, broad] = extra.matchesFirst
            ? [
                { ...planned.narrow, matchesFirst: true },
                { ...planned.broad, matchesFirst: true },
              ]
            : [planned.narrow, planned.broad];
          const label = `${layout}, ${way}`;
          expect(shareable('postgres', narrow, broad), label).toBe(true);
          expect(!!broad.rum, label).toBe(way === 'RUM');
          expect(!!broad.commonWords, label).toBe(way === 'subcategory');
          expect(!!broad.matchesFirst, label).toBe(way === 'matches first');
          const shared = await sharedRead(db, 'postgres', narrow, broad);
          const own = {
            narrow: await orderedRows(db, 'postgres', narrow, COUNTED, 0),
            broad: await orderedRows(db, 'postgres', broad, COUNTED, 0),
          };
          expect(shared.narrow, label).toEqual(own.narrow);
          expect(shared.broad, label).toEqual(own.broad);
          const exact = kinds.filter((k) => k === 'exact').length;
          expect(own.narrow.length, label).toBe(Math.min(exact, COUNTED));
          expect(own.broad.length, label).toBe(Math.min(kinds.length, COUNTED));
        }
      }
    });

    it('is not used where a tier is read otherwise', async () => {
      // (No statistics here: common words, walked newest first, which are not shared.)
      const walked = await tiers('camion');
      expect(walked.narrow.rum || walked.narrow.matchesFirst || walked.narrow.commonWords).toBe(
        false,
      );
      expect(shareable('postgres', walked.narrow, walked.broad)).toBe(false);
      const [narrow, broad] = [walked.narrow, walked.broad].map((q) => ({
        ...q,
        matchesFirst: true,
      }));
      expect(shareable('postgres', narrow, broad)).toBe(true);
      expect(shareable('sqlite', narrow, broad)).toBe(false);
      expect(shareable('postgres', { ...narrow, order: 'price_asc' }, broad)).toBe(false);
      expect(shareable('postgres', narrow, { ...broad, commonWords: true })).toBe(false);
      expect(shareable('postgres', narrow, { ...broad, rum: true })).toBe(false);
      // From RUM (or a subcategory walked), several words only, and from RUM the same terms
      // (RUM sorts every posting it reads).
      const rum = [narrow, broad].map((q) => ({ ...q, matchesFirst: false, rum: true }));
      expect(shareable('postgres', rum[0], rum[1])).toBe(false);
      const two = (tier: Tier) => tierText(queryTerms('camion chambre'), tier, 'offer');
      expect(
        shareable('postgres', { ...rum[0], text: two('exact') }, { ...rum[1], text: two('stem') }),
      ).toBe(true);
      const arabic = (tier: Tier) => tierText(queryTerms('سيارة نظيف'), tier, 'offer');
      const [exact, stem] = [arabic('exact'), arabic('stem')];
      expect(shareable('postgres', { ...rum[0], text: exact }, { ...rum[1], text: stem })).toBe(
        false,
      );
      expect(shareable('postgres', { ...narrow, text: exact }, { ...broad, text: stem })).toBe(
        true,
      );
      // A category's subcategories are read each on its own: not one query.
      const category = { pcategorySubcategoryIds: [w.cars, w.phones] };
      expect(shareable('postgres', { ...narrow, ...category }, { ...broad, ...category })).toBe(
        false,
      );
      // The broader tier's read must find the narrower's candidates.
      const other = tierText(queryTerms('hilux'), 'stem', 'offer');
      expect(shareable('postgres', narrow, { ...broad, text: other })).toBe(false);
      pgTuning.sharedTiers = false;
      expect(shareable('postgres', narrow, broad)).toBe(false);
    });

    it('answers the same ids, totals and pages read once and tier by tier', async () => {
      const shares = [rumTuning.maxShare, Infinity];
      const searches = (name: string): [string, Record<string, unknown>][] => [
        ['words', { name: `${name} chambre` }],
        ['exact only', { name: `${name} chambre`, exact: 'yes' }],
        ['page 3', { name: `${name} chambre`, page: 3, page_size: 50 }],
        ['past the first 1,001', { name: `${name} chambre`, page: 11, page_size: 99 }],
        ['subcategory', { name: `${name} chambre`, psubcategory_id: w.cars }],
        ['one word, subcategory', { name, psubcategory_id: w.cars }],
        ['by price', { name: `${name} chambre`, sort: 'price_asc' }],
      ];
      for (const [layout, { word, kinds }] of Object.entries(LAYOUTS)) {
        for (const share of shares) {
          rumTuning.maxShare = share;
          pgTuning.sharedTiers = false;
          const apart = await answers(searches(word));
          pgTuning.sharedTiers = true;
          const once = await answers(searches(word));
          for (const [label, answer] of Object.entries(once)) {
            expect(answer, `${layout}, ${label}, maxShare ${share}`).toEqual(apart[label]);
          }
          // (The world's cars meet the later tiers: voiture's lexicon words are their related words.)
          const { total } = once.words as { total: number };
          expect(total).toBeGreaterThanOrEqual(Math.min(kinds.length, SEARCH_TOTAL_MAX));
        }
      }
    });
  },
  { only: 'postgres' },
);
