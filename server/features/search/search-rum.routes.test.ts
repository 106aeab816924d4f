import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import { RUM_INDEX } from '../../db/migrations/037-search-rum';
import { buildWorld, postNewerHiluxes, searchCalls, type World } from './search.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import { commonWords, planned, rumTuning } from './search-plan';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { tierText } from './search-words';
import { anyColumnQuery } from './search-conditions';

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

    restoreTuningsAfterEach(rumTuning);

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
      rumTuning.maxShare = Infinity;
      const byRum = await plan();
      expect(byRum).toContain(`Index Scan using ${RUM_INDEX}`);
      // The order comes from the index: no sort of the matches.
      expect(byRum).toContain('Order By: (id <=| 2147483647)');
      expect(byRum).not.toContain('Sort');
      rumTuning.maxShare = 0;
      expect(await plan()).not.toContain(RUM_INDEX);
    });

    it('answers the same ids in the same order', async () => {
      // 1,001 newer Toyota Hilux: the first COUNTED are then new ones, later pages read on their own.
      await postNewerHiluxes(ctx().app.db, w, 1001);
      // (This small world has no word statistics: every newest-first search then reads RUM.)
      rumTuning.maxShare = Infinity;
      const rum = await everyPath();
      rumTuning.maxShare = 0;
      const gin = await everyPath();
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

    it("maps RUM's wrong answers, and the queries the code asks it are not among them", async () => {
      // docs/search.md, "PostgreSQL at 1,000,000, session 17": RUM 1.3.13 answers a query that
      // holds one lexeme both as a prefix and whole as if the prefix were whole, in its ordered
      // scan (the only one the search reads, q.rum) as in its bitmaps. Measured on a table of its
      // own (the index as migration 037 makes it), each shape's RUM answer against a plain scan.
      const texts = [
        'toyota hilux',
        'toyota yaris',
        'toyo',
        'toyotas',
        'ksrx',
        'auto',
        'automobile',
        'voiture auto',
        'voiture automobile',
        'ksrx hilux',
      ];
      const answers = await ctx()
        .app.db.connection()
        .execute(async (db) => {
          const wrong: Record<string, boolean> = {};
          await sql`begin`.execute(db);
          try {
            await sql`create temp table rum_shapes (id integer, v tsvector) on commit drop`.execute(
              db,
            );
            await sql`insert into rum_shapes select i, setweight(to_tsvector('simple', t), 'A')
              || setweight(to_tsvector('simple', t), (array['B', 'C'])[1 + i % 2]::"char")
              from (select i, (${texts}::text[])[1 + i % ${texts.length}] as t
                from generate_series(1, 700) i) rows`.execute(db);
            await sql`create index on rum_shapes using rum (v rum_tsvector_addon_ops, id)
              with (attach = 'id', to = 'v', order_by_attach = 't')`.execute(db);
            await sql`analyze rum_shapes`.execute(db);
            const ids = async (q: string, rum: boolean) => {
              await sql.raw(`set local enable_seqscan = ${rum ? 'off' : 'on'}`).execute(db);
              await sql.raw(`set local enable_indexscan = ${rum ? 'on' : 'off'}`).execute(db);
              await sql`set local enable_bitmapscan = off`.execute(db);
              const { rows } = await sql<{ id: number }>`select id from rum_shapes
                where v @@ to_tsquery('simple', ${q}) order by id <=| 2147483647 limit 1001`.execute(
                db,
              );
              return rows.map((r) => r.id);
            };
            const shapes = [
              // One lexeme as a prefix and whole, in any operator, across words, with weights.
              'toyo:* | toyo',
              'toyo:* & (toyota | toyo)',
              'toyo:*A | toyo:B',
              'toyo:* & !toyo',
              // Prefixes and whole terms otherwise.
              'toyo:*',
              'toy:* | toyota',
              'toyo:* | toyo:*',
              'toyo:*A | toyota:B',
              'auto:* & (voiture | automobile)',
              'toyota & !hilux',
              'toyota <-> hilux',
              // What anyColumnQuery writes for a word whose prefix covers its stem, and for two
              // words, one whole term of one the other's prefix (the last word, typed unfinished, is
              // a prefix: "voiture سيار" holds سيار among voiture's lexicon words and as سيار:*).
              anyColumnQuery([['toyo*', 'toyo', 'toyota']]),
              anyColumnQuery([['voiture*', 'voitur', 'auto'], ['auto*']]),
              anyColumnQuery([
                ['voiture', 'auto', 'sayara'],
                ['auto*', 'auto'],
              ]),
              anyColumnQuery([['ksr*', 'ksr'], ['hilux*']]),
            ];
            for (const q of shapes) {
              const [byRum, plain] = [await ids(q, true), await ids(q, false)];
              expect(plain.length, q).toBeGreaterThan(0);
              wrong[q] = JSON.stringify(byRum) !== JSON.stringify(plain);
            }
          } finally {
            await sql`rollback`.execute(db);
          }
          return wrong;
        });
      expect(Object.keys(answers).filter((q) => answers[q])).toEqual([
        'toyo:* | toyo',
        'toyo:* & (toyota | toyo)',
        'toyo:*A | toyo:B',
        'toyo:* & !toyo',
      ]);
      expect(anyColumnQuery([['voiture*', 'voitur', 'auto'], ['auto*']])).toBe(
        '(voiture:* | voitur | auto:*) & (auto:*)',
      );
    });
  },
  { only: 'postgres' },
);
