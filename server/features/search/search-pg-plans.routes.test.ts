import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine } from '../../test/harness';
import { queryTerms } from '../../../shared/domain/search-terms';
import { RUM_INDEX } from '../../db/migrations/037-search-rum';
import { bitmapPlanOf } from './search-plans.test-helpers';
import {
  buildWorld,
  PLACES,
  postNewerHiluxes,
  searchCalls,
  type World,
} from './search.test-helpers';
import { restoreTuningsAfterEach } from './search-tunings.test-helpers';
import { pgTuning } from './search-conditions';
import { rumTuning } from './search-plan';
import { COUNTED, orderedQuery, type SearchQuery } from './search.repository';
import { tierText, type Tier } from './search-words';

// docs/search.md "PostgreSQL's slowest searches at 1,000,000": PostgreSQL reads words from the
// GIN index outside the RUM path, looks for the words' terms in any column first within a
// distance and from RUM, walks a category's common words and guesses the words' matches from its
// probe. Only the reads change: every path answers the same offers in the same order with these
// choices and without them, with RUM and without.

describeEachEngine(
  'search: PostgreSQL plan choices answer alike',
  (ctx) => {
    let w: World;
    const { foundEach } = searchCalls(ctx, () => w);
    beforeAll(async () => {
      w = await buildWorld(ctx());
    }, 60_000);

    restoreTuningsAfterEach(pgTuning, rumTuning);
    const setAll = (on: boolean) => {
      for (const key of Object.keys(pgTuning) as (keyof typeof pgTuning)[]) pgTuning[key] = on;
    };

    const here = PLACES.tevraghZeina;
    const paths = (): [string, Record<string, unknown>, string?][] => [
      ['category, common word', { name: 'toyota', pcategory_id: w.vehiclesCategory }],
      [
        'category, word and flag',
        { name: 'toyota', pcategory_id: w.vehiclesCategory, negotiable: 'no' },
      ],
      [
        'category, page 2',
        { name: 'toyota', pcategory_id: w.vehiclesCategory, page: 2, page_size: 50 },
      ],
      [
        'category, past the first 1,001',
        { name: 'hilux', pcategory_id: w.vehiclesCategory, page: 11, page_size: 99 },
      ],
      ['category, prefix', { name: 'toyo', pcategory_id: w.vehiclesCategory }],
      [
        'category, by price',
        { name: 'toyota', pcategory_id: w.vehiclesCategory, sort: 'price_asc' },
      ],
      ['nearest, word', { ...here, distance: 5, name: 'toyota' }],
      ['nearest, far', { ...here, distance: 1000, name: 'toyota' }],
      ['nearest, two words', { ...here, distance: 1000, name: 'toyota hilux' }],
      ['nearest, prefix', { ...here, distance: 1000, name: 'toyo' }],
      ['nearest, through the lexicon', { ...here, distance: 1000, name: 'سيارة' }],
      ['nearest, near spelling', { ...here, distance: 1000, name: 'hiluks' }],
      [
        'nearest, subcategory',
        { ...here, distance: 1000, name: 'toyota', psubcategory_id: w.cars },
      ],
      ['within a distance, newest', { ...here, distance: 1000, name: 'toyota', sort: 'newest' }],
      ['words only', { name: 'toyota hilux' }],
      ['near spelling', { name: 'hiluks' }],
      ['exact, a related word only', { name: 'cars', exact: 'yes' }],
      ['subcategory source, words', { name: 'سيارة' }, `/products/psubcategory/${w.cars}/search`],
    ];
    const everyPath = () => foundEach(paths());
    /** Offers, newest first, whose words (in `tier`) are read first from the text index. */
    const wordsFirst = (words: string, tier: Tier): SearchQuery => ({
      type: 'offer',
      order: 'newest',
      psubcategoryIds: [],
      pfields: [],
      matchesFirst: true,
      text: tierText(queryTerms(words), tier, 'offer'),
    });
    /** A read's SQL, and the ids it answers, as orderedQuery writes it for PostgreSQL. */
    const compiled = (q: SearchQuery) =>
      orderedQuery('postgres', q, COUNTED, 0).compile(ctx().app.db).sql;
    const rows = async (q: SearchQuery) =>
      (await orderedQuery('postgres', q, COUNTED, 0).execute(ctx().app.db)).rows.map((r) => r.id);

    it('reads the words of other paths than RUM from the GIN index only', async () => {
      const db = ctx().app.db;
      const query = wordsFirst('toyota', 'related');
      setAll(true);
      expect(compiled(query)).toContain('search_vector @@@ to_tsquery');
      expect(compiled({ ...query, rum: true })).toContain('search_vector @@ to_tsquery');
      setAll(false);
      expect(compiled(query)).toContain('search_vector @@ to_tsquery');
      // `@@@` is an operator of the GIN index's class, not of RUM's: the planner cannot read RUM
      // for it.
      const operators = async (index: string) => {
        const { rows } = await sql<{ op: string }>`select amop.amopopr::regoperator::text as op
          from pg_index i join pg_opclass c on c.oid = i.indclass[0]
            join pg_amop amop on amop.amopfamily = c.opcfamily
          where i.indexrelid = ${index}::regclass`.execute(db);
        return rows.map((r) => r.op);
      };
      expect(await operators('products_search_vector')).toContain('@@@(tsvector,tsquery)');
      const rum = await operators(RUM_INDEX);
      expect(rum).toContain('@@(tsvector,tsquery)');
      expect(rum).not.toContain('@@@(tsvector,tsquery)');
    });

    it("tests the type and the listing's dates on the rows when the words are read first", async () => {
      // docs/search.md "PostgreSQL: the search vector kept in the row, and field values from their
      // indexes alone (session 23)": the planner ANDed the words' few matches with the bitmap of
      // every listed offer (products_shop_live).
      const query = wordsFirst('toyota hilux', 'lexicon');
      const onRows =
        /\(products\.type = \$\d+\) is true and products\.moderation_status = 'visible' and \(products\.expires_at > \$\d+\) is true/;
      setAll(true);
      expect(compiled(query)).toMatch(onRows);
      const kept = await rows(query);
      expect(kept.length).toBeGreaterThan(0);
      expect(compiled({ ...query, matchesFirst: false })).not.toMatch(
        /products\.type = \$\d+\) is true/,
      );
      // Within a distance (a subcategory's: no place cells) the type leads the place's index.
      const near = { ...query, psubcategoryIds: [w.cars], origin: here, distanceKm: 5 };
      expect(compiled(near)).not.toMatch(/products\.type = \$\d+\) is true/);
      // With a subcategory, a category or a shop, the type is their index's second column.
      for (const within of [
        { psubcategoryIds: [w.cars] },
        { pcategorySubcategoryIds: [w.cars] },
        { shopId: 1 },
      ]) {
        expect(compiled({ ...query, ...within })).not.toMatch(/products\.type = \$\d+\) is true/);
      }
      pgTuning.listingOnRows = false;
      expect(compiled(query)).not.toMatch(/products\.type = \$\d+\) is true/);
      expect(await rows(query)).toEqual(kept);
    });

    it("reads a subcategory's other filters first for its common words", async () => {
      const query: SearchQuery = {
        type: 'offer',
        order: 'newest',
        psubcategoryIds: [w.cars],
        used: 'yes',
        pfields: [],
        commonWords: true,
        text: tierText(queryTerms('toyota'), 'stem', 'offer'),
      };
      setAll(true);
      // The filters from the covering index, newest first; the words tested on those rows.
      expect(compiled(query)).toMatch(/order by products\.id desc offset 0\) walked/);
      expect(compiled({ ...query, shopId: 1 })).not.toContain('walked');
      expect(compiled({ ...query, commonWords: false })).not.toContain('walked');
      setAll(false);
      expect(compiled(query)).not.toContain('walked');
    });

    it("tests a tier's weights after the other filters when its words are read first", async () => {
      // docs/search.md "PostgreSQL: text and filters at 1,000,000 (session 19)": the GIN index
      // gives the words' terms in any column (no weights: no recheck of each candidate's vector),
      // and the tier's query is a filter tested with the others on the rows.
      const db = ctx().app.db;
      const query: SearchQuery = {
        type: 'offer',
        order: 'newest',
        psubcategoryIds: [w.cars],
        maxPrice: 2_000_000,
        pfields: [],
        matchesFirst: true,
        text: tierText(queryTerms('toyota'), 'stem', 'offer'),
      };
      const plan = (q: SearchQuery) => bitmapPlanOf(db, q, 'products_search_vector');
      const indexCond = (text: string) =>
        /Bitmap Index Scan on products_search_vector\s+(?:\(.*\)\s+)?Index Cond: \(([^\n]*)\)/.exec(
          text,
        )?.[1];
      setAll(true);
      const on = await plan(query);
      expect(indexCond(on)).toBe(`search_vector @@@ '''toyota'''::tsquery`);
      expect(on).toMatch(
        /Filter: .*\(search_vector @@@ '''toyota'':A & ''toyota'':B \| ''toyota'':B'::tsquery\) IS TRUE/,
      );
      const kept = await rows(query);
      expect(kept.length).toBeGreaterThan(0);
      // Words only: the index reads the tier's query as before.
      const wordsOnly = { ...query, psubcategoryIds: [], maxPrice: undefined };
      expect(indexCond(await plan(wordsOnly))).toContain(':A');
      pgTuning.weightsLast = false;
      expect(indexCond(await plan(query))).toContain(`''toyota'':A`);
      expect(await rows(query)).toEqual(kept);
      for (const q of [
        { ...query, text: tierText(queryTerms('toyo'), 'related', 'offer') },
        { ...query, psubcategoryIds: [], pcategorySubcategoryIds: [w.cars], used: 'yes' },
        { ...query, maxPrice: undefined, offerType: 'monthly_rent' },
        { ...query, text: tierText(queryTerms('toyota hilux'), 'exact', 'offer') },
      ]) {
        pgTuning.weightsLast = false;
        const before = await rows(q);
        pgTuning.weightsLast = true;
        expect(await rows(q)).toEqual(before);
      }
    });

    it('reads a radius after the first only beyond it, the distance tested before the words', async () => {
      const db = ctx().app.db;
      const query: SearchQuery = {
        type: 'offer',
        order: 'nearest',
        psubcategoryIds: [],
        pfields: [],
        origin: here,
        distanceKm: 4,
        beyondKm: 2,
        text: tierText(queryTerms('toyota'), 'stem', 'offer'),
      };
      const compiled = (q: SearchQuery) => orderedQuery('postgres', q, COUNTED, 0).compile(db);
      setAll(true);
      const { sql: text, parameters } = compiled(query);
      expect(text).toMatch(/\(case when \(case when products\.latitude[^]*<= \$\d+ and \(case/);
      expect(text).toMatch(
        /then products\.search_vector @@@ to_tsquery\('simple', \$\d+\) else false end\) is true/,
      );
      expect(parameters).toContain(2);
      setAll(false);
      expect(compiled(query).sql).not.toContain('then products.search_vector');
    });

    it('answers the same ids in the same order', async () => {
      // 1,001 newer Toyota Hilux: the first COUNTED are then new ones, later pages read on their own.
      await postNewerHiluxes(ctx().app.db, w, 1001);
      setAll(false);
      const before = await everyPath();
      setAll(true);
      const after = await everyPath();
      // (This small world's boxes are sparse: read at once. Radius by radius, each beyond the
      // one before, the distance tested before the words.)
      pgTuning.sparseAtOnce = false;
      const radii = await everyPath();
      // (This small world has no word statistics: every newest-first search then reads RUM.)
      rumTuning.maxShare = Infinity;
      setAll(false);
      const rumBefore = await everyPath();
      setAll(true);
      const rumAfter = await everyPath();
      for (const [path, labels] of Object.entries(after)) {
        expect.soft(labels, path).toEqual(before[path]);
        expect.soft(radii[path], `${path}, radius by radius`).toEqual(before[path]);
        expect.soft(rumAfter[path], `${path}, RUM`).toEqual(before[path]);
        expect.soft(rumBefore[path], `${path}, RUM before`).toEqual(before[path]);
      }
      const empty = Object.keys(after).filter((path) => !after[path].length);
      expect(empty).toEqual(['exact, a related word only']);
      expect(after['category, common word'][0]).toMatch(/^#/);
      expect(after['category, past the first 1,001'].at(-1)).toBe('hilux');
    });
  },
  { only: 'postgres' },
);
