import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import { RUM_INDEX } from '../../db/migrations/037-search-rum';
import { buildWorld, postNewerHiluxes, searchCalls, type World } from './search.test-helpers';
import { commonWords, planned, rumTuning } from './search-plan';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { tierText } from './search-words';

// Issue 30 item 3 (migration 037, docs/search.md "PostgreSQL: RUM and one read"): PostgreSQL
// reads a newest-first search's words from the RUM index when it exists, and from the GIN index
// as before when it does not. Both ways answer the same offers in the same order, on every path
// that reads words newest first, first pages and pages past the first 1,001 matches.

describeEachEngine(
  'search: the RUM index and the GIN index answer alike',
  (ctx) => {
    let w: World;
    const { foundEach } = searchCalls(ctx, () => w);
    beforeAll(async () => {
      w = await buildWorld(ctx());
    }, 60_000);

    const saved = rumTuning.maxShare;

    const paths = (): [string, Record<string, unknown>, string?][] => [
      ['common word', { name: 'toyota' }],
      ['common word, page 2', { name: 'toyota', page: 2, page_size: 50 }],
      ['past the first 1,001', { name: 'hilux', page: 11, page_size: 99 }],
      ['the last page', { name: 'toyota', page: 21, page_size: 50 }],
      ['two words', { name: 'toyota hilux' }],
      ['prefix', { name: 'toyo' }],
      ['exact', { name: 'hilux', exact: 'yes' }],
      ['Arabic, through the lexicon', { name: 'سيارة' }],
      ['other letters', { name: 'هيلوكس' }],
      ['rare word', { name: 'mercedes' }],
      ['near spelling', { name: 'hiluks' }],
      ['nothing', { name: 'toyota samsung' }],
      // The subcategory's name is only among related words (weight C): not an exact match.
      ['exact, a related word only', { name: 'cars', exact: 'yes' }],
      ['words + subcategory', { name: 'toyota', psubcategory_id: w.cars }],
      ['words + category', { name: 'toyota', pcategory_id: w.vehiclesCategory, page: 3 }],
      ['words + price and flags', { name: 'toyota', max_price: 1_000_000, negotiable: 'no' }],
      ['words + field value', { name: 'toyota', [`pfield_${w.fields.brand}`]: 'Toyota' }],
      ['words, cheapest first', { name: 'toyota', sort: 'price_asc', page: 2 }],
      ['shop, words', { name: 'hilux', page: 4 }, `/products/shop/${w.sellerShop}/search`],
      ['subcategory source, words', { name: 'سيارة' }, `/products/psubcategory/${w.cars}/search`],
    ];
    const everyPath = () => foundEach(paths());

    it('made by migration 037, seen by the plan', async () => {
      const db = ctx().app.db;
      const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes
      where indexname = ${RUM_INDEX}`.execute(db);
      expect(rows[0]?.def).toMatch(/USING rum \(search_vector rum_tsvector_addon_ops, id\)/);
      expect(rows[0]?.def).toContain(`WHERE (moderation_status = 'visible'::text)`);
      expect((await commonWords(db)).rum).toBe(true);
    });

    it('reads common words newest first from it', async () => {
      const db = ctx().app.db;
      const query: SearchQuery = {
        type: 'offer',
        order: 'newest',
        psubcategoryIds: [],
        pfields: [],
        text: tierText(queryTerms('toyota'), 'stem', 'offer'),
      };
      // (A few products: the planner would read them all and sort them. As at scale: an index
      // that gives the order, or nothing.)
      const plan = async () => {
        const q = await planned(db, 'postgres', query);
        return db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_bitmapscan = off`.execute(trx);
          await sql`set local enable_sort = off`.execute(trx);
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${orderedQuery(
            'postgres',
            q,
            COUNTED,
            0,
          )}`.execute(trx);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      };
      try {
        rumTuning.maxShare = Infinity;
        const byRum = await plan();
        expect(byRum).toContain(`Index Scan using ${RUM_INDEX}`);
        // The order comes from the index: no sort of the matches.
        expect(byRum).toContain('Order By: (id <=| 2147483647)');
        expect(byRum).not.toContain('Sort');
        rumTuning.maxShare = 0;
        expect(await plan()).not.toContain(RUM_INDEX);
      } finally {
        rumTuning.maxShare = saved;
      }
    });

    it('answers the same ids in the same order', async () => {
      // 1,001 newer Toyota Hilux: the first COUNTED are then new ones, later pages read on their own.
      await postNewerHiluxes(ctx().app.db, w, 1001);
      let gin: Record<string, string[]> = {};
      let rum: Record<string, string[]> = {};
      try {
        // (This small world has no word statistics: every newest-first search then reads RUM.)
        rumTuning.maxShare = Infinity;
        rum = await everyPath();
        rumTuning.maxShare = 0;
        gin = await everyPath();
      } finally {
        rumTuning.maxShare = saved;
      }
      for (const [path, labels] of Object.entries(rum))
        expect.soft(labels, path).toEqual(gin[path]);
      // The paths find something (the new Hilux, the world's cars), but two: not empty answers.
      const empty = Object.keys(rum).filter((path) => !rum[path].length);
      expect(empty).toEqual(['nothing', 'exact, a related word only']);
      // Page 11 of 99 starts at the 991st of 1,002: the last 11 new ones, then the world's Hilux.
      expect(rum['past the first 1,001']).toHaveLength(12);
      expect(rum['past the first 1,001'].at(-1)).toBe('hilux');
      expect(rum['common word'][0]).toMatch(/^#/);
    });
  },
  { only: 'postgres' },
);
