import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/types';
import { pfieldCondition } from './pfield-conditions';
import { cond, distanceExpr, inCells, MAX_KM, placeCells, withinKm } from './search-geo';
import { LISTED } from '../../db/migrations/020-search-covering-indexes';
import type { SearchQuery } from './search.repository';
import { notEndedConditions } from '../products/listing.repository';

// The WHERE clauses of a search (SPEC §7's filters, DESIGN §7's text match), on both engines.

/** The largest value an integer column holds: price bounds beyond it change nothing. */
const MAX_INT = 2_147_483_647;

/**
 * Issue 30 item 1: the one rule of which products a search may return, on both engines and every
 * path (words only, words and filters, nearest first, field values, a shop, windows, later
 * pages, the few products ranked in JS, saved-search alerts): every read of search.repository.ts,
 * search-candidates.ts and search-nearest.ts puts these conditions on its `products` row, and no
 * read answers from the text index alone.
 *
 * Today: an offer held for review, hidden by a moderator or of a banned author (issue 19's
 * `moderation_status`, kept by the moderation feature) is not listed; a deleted one has no row
 * (its triggers take it out of the text index); nor is a listing that ended (issue 32: expired,
 * or sold more than a week ago: `notEndedConditions`, the lists' own rule in products/listing.ts),
 * checked against the time of the search. LISTED stays the first: it is the partial condition of
 * the covering indexes (migrations 020 and 029), which carry expires_at and sold_at too.
 */
export function listedConditions(): Expression<SqlBool>[] {
  return [cond`products.${sql.raw(LISTED)}`, ...notEndedConditions()];
}

/** The same, as one condition. */
export const listed = () => cond`${sql.join(listedConditions(), sql` and `)}`;

/**
 * PostgreSQL's plan choices of docs/search.md "PostgreSQL's slowest searches at 1,000,000": the GIN
 * index only outside the RUM path (`ginOnly`, see textCondition), the words' terms in any column
 * first within a distance (`anyColumnFirst`, anyColumnQuery), a category's common words walked
 * (`categoryWalk`) and the matches of all the words guessed from the probe (`probeMatches`, both
 * in search-plan.ts); and (session 16) a subcategory's common words tested only on the rows its
 * covering index's filters leave (`filtersFirst`, search.repository.ts orderedQuery), and words
 * near a place whose box holds few products read over the whole distance at once (`sparseAtOnce`,
 * search-nearest.ts); and (session 17) a row's distance tested before its words within a
 * distance (`distanceFirst`, textCondition), and each radius of nearest first with words reading
 * only beyond the radius before (`ringRead`, search-nearest.ts); and (session 18) two tiers whose
 * index reads find the same candidates read once, the narrower one's rows flagged in SQL
 * (`sharedTiers`, search-shared-tiers.ts); and (session 19) words read first with other filters
 * finding the words' terms in any column from the index and testing the tier's query on the rows
 * after those filters (`weightsLast`, textCondition); and (session 20) the box of words within a
 * distance read from the place's GiST index (`placeGist`, conditions; migration 041); and (session
 * 21) words within a whole distance read with the place's cells from one GIN index (`placeCells`;
 * migration 042, wordsCells); and (session 23) the type and the listing's dates of words read
 * first tested on the rows (`listingOnRows`, conditions); and (session 25) words read first from
 * the tagged index, their columns in it (`tagged`, textCondition; migration 045). The same ids
 * either way: an object so that a test can read both ways.
 */
export const pgTuning = {
  ginOnly: true,
  anyColumnFirst: true,
  categoryWalk: true,
  probeMatches: true,
  filtersFirst: true,
  sparseAtOnce: true,
  distanceFirst: true,
  ringRead: true,
  sharedTiers: true,
  weightsLast: true,
  placeGist: true,
  placeRing: true,
  placeCells: true,
  listingOnRows: true,
  tagged: true,
};

/**
 * PostgreSQL, words within a distance (no subcategory, category or shop: their own place indexes
 * read fewer entries): the cells of migration 042 holding every point within the distance, read
 * with the words from one GIN index (docs/search.md, "PostgreSQL: words and place in one index read
 * (session 21)"); null where the btree's box (or a ring from GiST), or the tagged index
 * (readsTagged), is read instead. Only the whole distance (newest first, by price, nearest first's
 * first radius or words read at once): a ring beyond the radius before read from the cells was
 * slower than from GiST (measured in session 21), so a ring reads GiST's boxes.
 */
export function wordsCells(dialect: Dialect, q: SearchQuery): readonly number[] | null {
  if (
    dialect !== 'postgres' ||
    readsTagged(q) ||
    !q.origin ||
    q.distanceKm === undefined ||
    q.text === undefined ||
    withinList(q) ||
    q.beyondKm !== undefined ||
    !pgTuning.placeCells
  ) {
    return null;
  }
  return placeCells(q.origin, Math.min(q.distanceKm, MAX_KM));
}

/**
 * PostgreSQL: whether a tier's matches are read first from the tagged index (migration 045), its
 * columns in it (see textCondition; chosen by search-plan.ts taggedRead).
 */
const readsTagged = (q: SearchQuery): q is SearchQuery & { text: { tagged: string } } =>
  !!q.taggedRead && q.text?.tagged !== undefined && pgTuning.tagged;

/**
 * Whether a search is within a subcategory, a category or a shop: their own indexes lead its reads
 * ((psubcategory_id, type, …), (shop_id, type, …): the type their second column, a place after it).
 */
export const withinList = (q: SearchQuery) =>
  q.psubcategoryIds.length > 0 || q.pcategorySubcategoryIds !== undefined || q.shopId !== undefined;

/**
 * The subcategories of the category asked for, as the search reads them (none asked: undefined).
 * A category without subcategories holds nothing (no id is 0).
 */
export const categorySubcategories = (q: SearchQuery): number[] | undefined =>
  q.pcategorySubcategoryIds && (q.pcategorySubcategoryIds.length ? q.pcategorySubcategoryIds : [0]);

/**
 * Whether a search has filters besides its type, its words, its order, its place and the listing
 * rule (a subcategory, a category, a shop, prices, flags, an offer type, field values): conditions
 * its rows are tested for.
 */
export const filtersBesideWords = (q: SearchQuery) =>
  withinList(q) ||
  q.minPrice !== undefined ||
  q.maxPrice !== undefined ||
  !!q.negotiable ||
  !!q.used ||
  !!q.delivery ||
  !!q.offerType ||
  q.pfields.length > 0;

export function textCondition(dialect: Dialect, q: SearchQuery): Expression<SqlBool>[] {
  if (!q.text) return [];
  if (dialect === 'sqlite') {
    // The matches are read once from the text index into a list. Few of them: products are
    // then read by id from that list. Many (a common word): `+` keeps SQLite from walking the
    // list, so that it walks the most selective of the other filters' indexes instead and
    // looks each row up in the list.
    const id = q.commonWords ? sql`+products.id` : sql`products.id`;
    if (q.window) {
      // A window of ids (newest first, see search.repository.ts): the words' list holds only
      // the matches within it, which the text index seeks in its rowid order. (better-sqlite3
      // binds a JS number as a real: FTS5 seeks only to integer rowid bounds, and read all the
      // matches, 64 ms instead of 9 for 65,000 ids at 1,000,000.)
      const { lo, hi } = q.window;
      return [
        cond`products.id between ${lo} and ${hi}`,
        cond`${id} in (select rowid from products_fts where products_fts match ${q.text.fts}
          and rowid between cast(${lo} as integer) and cast(${hi} as integer))`,
      ];
    }
    return [
      cond`${id} in (select rowid from products_fts
        where products_fts match ${q.text.fts})`,
    ];
  }
  // Words read first (not with the place's cells): the tier's matches exactly, from the tagged
  // index (migration 045), no row tested for its columns. Any column's terms (weightsLast, within
  // a distance) found voiture's 28,139 products at 1,000,000 for the 7,684 of its first tier
  // (docs/search.md, "PostgreSQL: the columns inside the text index (session 25)").
  if (readsTagged(q)) {
    return [cond`search_tagged(products.search_vector) @@ to_tsquery('simple', ${q.text.tagged})`];
  }
  // `@@@` (the same test as `@@`) is an operator of the GIN index's class only: only the RUM path
  // (q.rum, newest first from RUM's own order) reads the RUM index (migration 037). Its bitmap
  // reads were chosen for queries of many alternatives, and were slow and wrong: nouakchot ksr's
  // related tier, 391 ms and no match from RUM, 13 ms and 2 matches from GIN at 1,000,000
  // (RUM 1.3.13 finds nothing for `ksr:*A | ksr:B`, GIN 7).
  const op = sql.raw(q.rum || !pgTuning.ginOnly ? '@@' : '@@@');
  const match = cond`products.search_vector ${op} to_tsquery('simple', ${q.text.ts})`;
  // Common words and a subcategory, a category or a shop: `is true` keeps the planner from the
  // text index (it ANDed the bitmap of every match of 'prix', 45,000 at 100,000 products, with the
  // subcategory's), so that it walks the subcategory's index and tests each row instead.
  if (q.commonWords) return [cond`(${match}) is true`];
  // RUM, newest first: the index reads the words' terms in any column, in its order, and the
  // tier's query is tested on the rows given. Asked the tier's query, the planner took
  // `toyota:A & toyota:B` for 304 matches (16,330) and read them all as a bitmap, then sorted
  // them (133-181 ms); asked the terms, with the tier's test as `coalesce(…, false)` (estimated
  // at half, where `is true` takes the query's own estimate), it reads RUM in order and stops at
  // 1,001 (14.6 ms). RUM's own answers to the tier's queries could be wrong besides (see above).
  if (q.rum && pgTuning.anyColumnFirst) {
    return [
      cond`products.search_vector @@ to_tsquery('simple', ${anyColumnQuery(q.text.words)})`,
      cond`coalesce(products.search_vector @@@ to_tsquery('simple', ${q.text.ts}), false)`,
    ];
  }
  // Words read first (their matches few) with other filters: the index gives the words' terms in
  // any column, and the tier's query is tested on the rows, after the filters the index did not
  // apply. The tier's own query carries weights, which GIN cannot tell: the bitmap heap scan
  // rechecks it on every candidate (reading its search_vector from TOAST) before testing the
  // other filters; a query without weights needs no recheck. مفروشة + apartments + monthly rent +
  // price at 1,000,000: 7,436 candidates' vectors read for 1,836 kept, 24,519 buffers; this way
  // 14,332, 46.6 → 37.3 ms (docs/search.md, "PostgreSQL: text and filters at 1,000,000 (session
  // 19)").
  if (
    q.matchesFirst &&
    pgTuning.weightsLast &&
    pgTuning.anyColumnFirst &&
    filtersBesideWords(q) &&
    !q.origin
  ) {
    return [
      cond`products.search_vector ${op} to_tsquery('simple', ${anyColumnQuery(q.text.words)})`,
      cond`(${match}) is true`,
    ];
  }
  // Within a distance: the words' terms without their columns find the index's candidates, and
  // the tier's own query is tested on them (see anyColumnQuery).
  if (q.origin && q.distanceKm !== undefined && pgTuning.anyColumnFirst) {
    const candidates = cond`products.search_vector ${op} to_tsquery('simple', ${anyColumnQuery(q.text.words)})`;
    if (!pgTuning.distanceFirst) return [candidates, cond`(${match}) is true`];
    // The tier's query is tested only on the rows within the distance (and beyond the radius read
    // before, see SearchQuery.beyondKm): a `case` is evaluated in its order, where the planner
    // tests the cheaper-looking text condition first. Testing it reads the row's search_vector
    // from TOAST; the box's corners and the radius already read are most of the candidates (50
    // km around Nouakchott + voiture at 1,000,000: docs/search.md, "PostgreSQL at 1,000,000,
    // session 17"). The rows outside fail withinKm's own condition either way.
    const km = Math.min(q.distanceKm, MAX_KM);
    const distance = distanceExpr(dialect, q.origin);
    const beyond = q.beyondKm === undefined ? sql`` : sql` and ${distance} > ${q.beyondKm}`;
    return [
      candidates,
      cond`(case when ${distance} <= ${km}${beyond} then ${match} else false end) is true`,
    ];
  }
  return [match];
}

/**
 * PostgreSQL: whether a row meets the tier's own query (`text`), as a value for the select list
 * (search-shared-tiers.ts), null (no vector) false. On a row the broader tier's read gives (its
 * filters and candidates), that is the narrower tier's whole condition: a row meeting the tier's
 * query holds one of each word's terms (anyColumnQuery). One test only: each reads the row's
 * vector again from TOAST (toyota + cars + price at 1,000,000: two tests on 1,001 rows, 23 ms).
 */
export function meetsText(text: { ts: string }): Expression<SqlBool> {
  return cond`coalesce(products.search_vector @@ to_tsquery('simple', ${text.ts}), false)`;
}

/**
 * PostgreSQL: each word's terms in any column (a match of the tier holds one of them at least),
 * all words required: the same candidates from the text index as the tier's query (the index
 * keeps no columns: weights are tested on the row either way), but the planner can estimate
 * them. It takes `word:A & word:B` (the word as written and its own stem) for two independent
 * terms: voiture's 27,853 matches at 1,000,000 were estimated at 793, so that a place search
 * read them all from the text index at each radius (26,200 rows tested, 0.6-1.3 s) instead of
 * ANDing them with the place's box (6,665 rows, 190 ms).
 */
export function anyColumnQuery(words: string[][]): string {
  // RUM 1.3.13 answers a query holding the same lexeme as a prefix and as a whole term (`toyo:* |
  // toyo`, `toyo:* & (toyota | toyo)`, `ksr:*A | ksr:B`, across words too) as if the prefix were
  // the whole term: rows missing, its ordered scan included (docs/search.md, "PostgreSQL at
  // 1,000,000, session 17"). So no lexeme is both here: a term a prefix of its word covers is
  // left out, and a term equal to another word's prefix is read as that prefix (a superset: the
  // tier's own query is tested on the rows).
  const everyPrefix = new Set(
    words.flat().flatMap((t) => (t.endsWith('*') ? [t.slice(0, -1)] : [])),
  );
  return words
    .map((terms) => {
      const prefixes = terms.filter((t) => t.endsWith('*')).map((t) => t.slice(0, -1));
      const kept = terms.filter((t) => t.endsWith('*') || !prefixes.some((p) => t.startsWith(p)));
      const written = kept.map((t) =>
        t.endsWith('*') ? `${t.slice(0, -1)}:*` : everyPrefix.has(t) ? `${t}:*` : t,
      );
      return `(${[...new Set(written)].join(' | ')})`;
    })
    .join(' & ');
}

export function conditions(dialect: Dialect, q: SearchQuery): Expression<SqlBool>[] {
  const cells = wordsCells(dialect, q);
  const typed = cond`products.type = ${q.type}`;
  // Only listed products (listedConditions: not held, hidden, of a banned author). Words and cells
  // read from one index (below): the type and the listing's dates are tested on the rows only (`is
  // true`). The planner, which takes the words and the cells for independent, estimated their read
  // at 15–50 times its rows and ANDed it with the bitmap of every listed offer (products_shop_live:
  // 849,896 entries, 140–170 ms). So too where the words' matches are read first (matchesFirst:
  // few enough) away from a place: voiture propre's lexicon tier, its rows inline (migration 043),
  // was ANDed with the same bitmap, 83 → 238 ms. Not where the type is the second column of the
  // index read with the words: within a distance (the place's covering indexes), nor with a
  // subcategory, a category or a shop (products_search_subcategory, _shop: (…, type, id)), where
  // the type on the rows let the index give the demands too (مفروشة + apartments + monthly rent +
  // price: 6,975 → 8,181 heap blocks, 31 → 46 ms; docs/search.md, session 24). The listing's
  // literal condition (LISTED, the index's predicate) stays as it is.
  const onRows = (c: Expression<SqlBool>) => cond`(${c}) is true`;
  const listingOnRows =
    !!cells ||
    (dialect === 'postgres' &&
      !!q.matchesFirst &&
      !q.origin &&
      !withinList(q) &&
      pgTuning.listingOnRows);
  const list: Expression<SqlBool>[] = listingOnRows
    ? [onRows(typed), cond`products.${sql.raw(LISTED)}`, ...notEndedConditions().map(onRows)]
    : [typed, ...listedConditions()];
  if (q.shopId !== undefined) list.push(cond`products.shop_id = ${q.shopId}`);
  if (q.psubcategoryIds.length) {
    list.push(
      cond`products.psubcategory_id in (${sql.join(q.psubcategoryIds.map((id) => sql`${id}`))})`,
    );
  }
  const category = categorySubcategories(q);
  if (category) {
    list.push(cond`products.psubcategory_id in (${sql.join(category.map((id) => sql`${id}`))})`);
  }
  if (q.minPrice !== undefined) list.push(cond`products.price >= ${Math.min(q.minPrice, MAX_INT)}`);
  if (q.maxPrice !== undefined) list.push(cond`products.price <= ${Math.min(q.maxPrice, MAX_INT)}`);
  if (q.negotiable) list.push(cond`products.negotiable = ${q.negotiable}`);
  if (q.used) list.push(cond`products.used = ${q.used}`);
  if (q.delivery) list.push(cond`products.delivery = ${q.delivery}`);
  if (q.offerType) list.push(cond`products.offer_type = ${q.offerType}`);
  if (q.belowId !== undefined) list.push(cond`products.id < ${q.belowId}`);
  list.push(...textCondition(dialect, q));
  q.pfields.forEach((f, i) => list.push(pfieldCondition(dialect, f, i === q.leadingPfield)));
  // Nearest first with words, a radius after the first (beyondKm): the box's entries are ANDed
  // with the words' candidates, and the GiST index gives only those of the four boxes around the
  // square inside the radius before (docs/search.md, "PostgreSQL: the distance box from a spatial
  // index (session 20)"). Not elsewhere: PostgreSQL estimates any box of points at 0.1 % of the
  // rows (`<@`'s constant estimate), so where the box is the whole distance the planner read it
  // alone and tested the words on every row (prix within 50 km of Nouakchott, newest first, at
  // 1,000,000: 62 ms → 2.1 s); and with a subcategory (a category, a shop) its own place index
  // reads far fewer entries (20 km around Kiffa + prix + phones: 1,311 entries, 6 ms a radius,
  // against 53,900 from GiST ANDed with the subcategory's 23,547, 13 ms).
  if (q.origin && q.distanceKm !== undefined && cells) {
    list.push(
      inCells(cells),
      cond`${distanceExpr(dialect, q.origin)} <= ${Math.min(q.distanceKm, MAX_KM)}`,
    );
  } else if (q.origin && q.distanceKm !== undefined) {
    const spatial =
      dialect === 'postgres' &&
      q.text !== undefined &&
      q.beyondKm !== undefined &&
      !withinList(q) &&
      pgTuning.placeGist
        ? { beyondKm: pgTuning.placeRing ? q.beyondKm : undefined }
        : false;
    list.push(...withinKm(dialect, q.origin, q.distanceKm, spatial));
  }
  // (Nearest first, the radius before read already: see SearchQuery.beyondKm.)
  if (q.origin && q.beyondKm !== undefined)
    list.push(cond`${distanceExpr(dialect, q.origin)} > ${q.beyondKm}`);
  return list;
}
