import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { cardQuery } from '../products/cards.repository';
import { SEARCH_TOTAL_MAX, type SearchSort } from '../../../shared/schemas/search';
import type { PfieldFilter } from './pfield-filters';
import { distanceExpr } from './search-geo';
import { conditions, meetsText, pgTuning, textCondition } from './search-conditions';
import type { SearchColumns } from './search-words';
import { ftsLeads, ftsQuery } from './search-fts';

// The search's reads (DESIGN §7). One filtered query gives the page of ids and the total; the
// cards of that page are then read with the products feature's card query. Its WHERE clauses are
// built in search-conditions.ts; which index leads is chosen beforehand by search-plan.ts. A
// search's first rows, nearest first radius by radius, are read by search-nearest.ts; the few
// products of narrow filters, ranked in JS, by search-candidates.ts.

export interface SearchQuery {
  type: string;
  /** The order of the rows (issue 17 item 4); nearest needs `origin`. */
  order: SearchSort;
  shopId?: number;
  psubcategoryIds: number[];
  /**
   * The subcategories of the category asked for (read first, so that the planner sees the list
   * and its statistics, not a subquery).
   */
  pcategorySubcategoryIds?: number[];
  minPrice?: number;
  maxPrice?: number;
  negotiable?: string;
  used?: string;
  delivery?: string;
  offerType?: string;
  /**
   * The text condition of one tier (search-words.ts): the FTS5 match (type included), the
   * tsquery, and each word's terms in that tier (PostgreSQL reads how common they are).
   */
  text?: {
    fts: string;
    ts: string;
    words: string[][];
    /** The same condition tested in JS on a product's search columns (search-words.ts). */
    test?: (row: SearchColumns) => boolean;
    /** PostgreSQL: the query of the tagged vector (migration 045), and its share estimated. */
    tagged?: string;
    taggedShare?: (share: (lexeme: string, prefix: boolean) => number) => number;
  };
  /**
   * The words are common and other filters narrow (see textCondition). SQLite: they match at
   * least COMMON_WORDS products; PostgreSQL: they are not read first (matchesFirst).
   */
  commonWords?: boolean;
  /**
   * PostgreSQL: read every match from the indexes first, then order them (see orderedRows):
   * set for words of middling frequency.
   */
  matchesFirst?: boolean;
  /**
   * PostgreSQL, words read first (matchesFirst): from the tagged index, the tier's columns in it
   * (migration 045; set by search-plan.ts taggedRead).
   */
  taggedRead?: boolean;
  /**
   * PostgreSQL, newest first: the words' matches read in that order from the RUM index
   * (migration 037, see orderedQuery); set by search-plan.ts when the index exists.
   */
  rum?: boolean;
  /** SQLite: only the ids in this range (a window of the newest-first walk, see windowedRows). */
  window?: { lo: number; hi: number };
  origin?: { latitude: number; longitude: number };
  /** km around `origin`. */
  distanceKm?: number;
  /**
   * PostgreSQL, nearest first with words: every match within this many km of `origin` was read
   * already (a radius before, search-nearest.ts): only those farther, up to `distanceKm`.
   */
  beyondKm?: number;
  pfields: PfieldFilter[];
  /**
   * The bumped offers a search read with their search columns, by filters (search-bumps.repository.ts:
   * its tiers test the same rows again). One per search.
   */
  bumps?: Map<string, { since: string; rows: (Row & SearchColumns & { at: string })[] }>;
  /**
   * The field value filter (index in `pfields`) whose products are few enough (under
   * pfieldTuning.fewValues) to be read first from its index, the other conditions tested on them.
   */
  leadingPfield?: number;
  /**
   * PostgreSQL: a narrower tier's text (the tier before, search-shared-tiers.ts): each row read
   * also says whether it meets it (`narrower`), computed in SQL.
   */
  alsoMeets?: SearchQuery['text'];
  /** Only ids below this one (the rest of a tier read newest first past a read that stopped). */
  belowId?: number;
}

export type Row = { id: number; distance_km: number | null; price: number | null };
/** A row of a read with `alsoMeets`: whether it meets the narrower tier too. */
export type FlaggedRow = Row & { narrower: boolean };
export type Page = { total: number; rows: Row[] };

/** More than this many matches is 'SEARCH_TOTAL_MAX or more': nothing needs to read further. */
export const COUNTED = SEARCH_TOTAL_MAX + 1;

/**
 * The count and the page from one read: the first COUNTED ids in the search's order give both,
 * unless the page reaches past them (then `later` reads it on its own).
 */
export async function fromFirst(
  first: Row[],
  page: number,
  perPage: number,
  later: (offset: number) => Promise<Row[]>,
): Promise<Page> {
  const offset = (page - 1) * perPage;
  const inFirst = first.length < COUNTED || offset + perPage <= first.length;
  const rows = inFirst ? first.slice(offset, offset + perPage) : await later(offset);
  return { total: first.length, rows };
}

/**
 * SQLite, newest first (ftsLeads): the text index leads, words and the filters it holds in one
 * query (ftsQuery, migration 047), newest (highest rowid) first, and stops at `limit`; each
 * match's row is looked up by its id for the listing rule (listedConditions, search-conditions.ts:
 * the index alone would find a hidden offer or one that ended) and the prices. `cross join` keeps
 * the text index the outer loop, so that its rowid order serves the order by.
 */
function ftsLedRows(
  db: Executor,
  q: SearchQuery & { text: { fts: string } },
  limit: number,
  offset: number,
) {
  const onRows = sql.join(conditions('sqlite', { ...q, text: undefined }), sql` and `);
  return sql<Row>`select products.id as id, null as distance_km, products.price as price
    from products_fts cross join products on products.id = products_fts.rowid
    where products_fts match ${ftsQuery(q)} and ${onRows}
    order by products_fts.rowid desc limit ${limit} offset ${offset}`
    .execute(db)
    .then((r) => r.rows);
}

/**
 * The search's order as SQL over the rows' id, distance_km and price; ties newest first (`ties`:
 * by id unless told otherwise). Products
 * without a price (or a place) come last in the price (nearest) orders, on both engines.
 */
export function orderBy(order: SearchSort, ties = sql`id desc`) {
  switch (order) {
    case 'price_asc':
      return sql`price is null, price, ${ties}`;
    case 'price_desc':
      return sql`price is null, price desc, ${ties}`;
    case 'nearest':
      return sql`distance_km is null, distance_km, ${ties}`;
    default:
      return ties;
  }
}

/** The same order, in JS (tiers read apart are merged with it). */
export function compareRows(order: SearchSort): ((a: Row, b: Row) => number) | undefined {
  const key = (v: number | null, sign: number) => (v === null ? Infinity : sign * Number(v));
  switch (order) {
    case 'price_asc':
      return (a, b) => key(a.price, 1) - key(b.price, 1) || b.id - a.id;
    case 'price_desc':
      return (a, b) => key(a.price, -1) - key(b.price, -1) || b.id - a.id;
    case 'nearest':
      return (a, b) => key(a.distance_km, 1) - key(b.distance_km, 1) || b.id - a.id;
    default:
      return undefined;
  }
}

/** The largest id (PostgreSQL's integer): newest first is nearest to it from below. */
const MAX_ID = 2_147_483_647;

/** PostgreSQL: the filters of a subcategory's common words read first (see orderedQuery). */
const filtersFirst = (dialect: Dialect, q: SearchQuery) =>
  dialect === 'postgres' &&
  pgTuning.filtersFirst &&
  !!q.commonWords &&
  q.text !== undefined &&
  q.order === 'newest' &&
  !q.rum &&
  !q.matchesFirst &&
  !q.origin &&
  q.shopId === undefined &&
  q.leadingPfield === undefined &&
  (q.psubcategoryIds.length > 0 || q.pcategorySubcategoryIds !== undefined);

/** The query of the rows in the search's order (newest first unless asked otherwise). */
export function orderedQuery(dialect: Dialect, q: SearchQuery, limit: number, offset: number) {
  // (A narrower tier's test on each row, see SearchQuery.alsoMeets; `flagged`: kept through a subquery.)
  const flag = q.alsoMeets ? sql`, ${meetsText(q.alsoMeets)} as narrower` : sql``;
  const flagged = q.alsoMeets ? sql`, narrower` : sql``;
  if (filtersFirst(dialect, q)) {
    // PostgreSQL, a subcategory's common words newest first: the subcategory's covering index
    // (020, 031) gives the ids its other filters leave, newest first and without a row read
    // (`offset 0` keeps it a query of its own); only those rows are read for the words, and the
    // walk stops at the limit. Otherwise every row was read before its filters were tested
    // (PostgreSQL 15 tests an index's included columns only on the row): prix + phones + used
    // at 1,000,000 read all 23,547 phones as a bitmap (22,369 pages, 342-583 ms); this way 7,737
    // used phones are tested (docs/search.md, "PostgreSQL at 1,000,000, session 16").
    const filters = sql.join(conditions(dialect, { ...q, text: undefined }), sql` and `);
    const words = sql.join(textCondition(dialect, q), sql` and `);
    return sql<Row>`select products.id, null as distance_km, products.price as price${flag}
      from (select products.id from products where ${filters}
        order by products.id desc offset 0) walked
      join products on products.id = walked.id
      where ${words} order by walked.id desc limit ${limit} offset ${offset}`;
  }
  const where = sql.join(conditions(dialect, q), sql` and `);
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  // RUM (PostgreSQL): the distance of each id below the largest integer, smallest first, is
  // newest first, and the index's own order (migration 037): it sorts the words' postings by id
  // in the index, and only the first matches' rows are read, instead of every match's.
  const order = q.rum ? sql`products.id <=| ${sql.raw(String(MAX_ID))}` : orderBy(q.order);
  // SQLite, a subcategory or a category, and a window of common words or a field value's few
  // products read first: the subcategories' covering index, sought by each id, holds every other
  // filter; the planner would read each id's row in the table instead (a window of a category:
  // 150 ms for 200,000 ids at 1,000,000 products, 27 ms from the index; the 2,564 products of
  // "rooms = 3" in a subcategory: 48 → 16 ms).
  const table =
    dialect === 'sqlite' &&
    (q.window || q.leadingPfield !== undefined) &&
    (q.psubcategoryIds.length || q.pcategorySubcategoryIds) &&
    !q.origin &&
    q.shopId === undefined
      ? sql`products indexed by products_listed_subcategory`
      : sql`products`;
  const matches = sql`select products.id, ${distance} as distance_km, products.price as price${flag}
    from ${table} where ${where}`;
  // PostgreSQL walks the primary key newest first and tests each row when it expects matches to
  // come soon; testing a row (similarity, or a text vector) costs more than it assumes, so for
  // words of middling frequency the matches are read from the indexes first:
  // `offset 0` keeps the planner from merging the two queries back into that walk.
  return q.matchesFirst
    ? sql<Row>`select id, distance_km, price${flagged} from (${matches} offset 0) matches
        order by ${order} limit ${limit} offset ${offset}`
    : q.order === 'newest'
      ? sql<Row>`${matches} order by ${order} limit ${limit} offset ${offset}`
      : // PostgreSQL orders by an output name only when it stands alone: the other orders
        // (expressions of distance_km and price) read them from a subquery, which it flattens.
        sql<Row>`select id, distance_km, price${flagged} from (${matches}) matches
        order by ${order} limit ${limit} offset ${offset}`;
}

/** The ids the first window of windowedRows spans (an object so that a test can shrink it). */
export const windowTuning = { firstSpan: 65_536 };

/**
 * SQLite, common words and other filters, newest first: the words' list (an index of every
 * match, built for the query) holds hundreds of thousands of products at 1,000,000 ('prix':
 * 250,000, 130 ms to build). So the ids are walked newest first in windows, each query reading
 * only the matches within its window from the text index, until `limit` rows are found; each
 * next window is sized from the matches seen so far (at least twice, at most sixteen times the
 * last). prix + phones + used at 1,000,000: 2 windows, 30 ms.
 */
async function windowedRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  limit: number,
): Promise<Row[]> {
  // (Each on its own: SQLite reads min() or max() alone from the primary key's ends, both
  // together by reading the whole table.)
  const { rows } = await sql<{ lo: number | null; hi: number | null }>`select
    (select min(id) from products) as lo, (select max(id) from products) as hi`.execute(db);
  const first = Number(rows[0]?.lo ?? 1);
  const last = Number(rows[0]?.hi ?? 0);
  const out: Row[] = [];
  let span = windowTuning.firstSpan;
  for (let hi = last; hi >= first && out.length < limit;) {
    const lo = Math.max(first, hi - span + 1);
    const got = await orderedQuery(dialect, { ...q, window: { lo, hi } }, limit - out.length, 0)
      .execute(db)
      .then((r) => r.rows);
    out.push(...got);
    hi = lo - 1;
    const guess = ((limit - out.length) * (last - hi) * 1.2) / Math.max(out.length, 1);
    span = out.length ? Math.min(span * 16, Math.max(span * 2, Math.ceil(guess))) : span * 16;
  }
  return out;
}

/** Rows in the search's order. */
export function orderedRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  limit: number,
  offset: number,
): Promise<Row[]> {
  if (dialect === 'sqlite' && ftsLeads(q)) return ftsLedRows(db, q, limit, offset);
  if (dialect === 'sqlite' && q.commonWords && q.order === 'newest' && !offset && !q.window) {
    return windowedRows(db, dialect, q, limit);
  }
  const subcategories = q.pcategorySubcategoryIds ?? [];
  const nearest = q.order === 'nearest';
  // (SQLite would read the words' matches again for each subcategory: there, the words lead.)
  // (PostgreSQL, RUM: the words' postings lead, newest first, once for the whole category.)
  const wordsLead = (dialect === 'sqlite' && q.text !== undefined) || !!q.rum;
  if (nearest || wordsLead || q.psubcategoryIds.length || subcategories.length < 2) {
    return orderedQuery(dialect, q, limit, offset)
      .execute(db)
      .then((r) => r.rows);
  }
  // A category, newest first: each of its subcategories walks its own index newest first (and
  // stops soon); merged, they give the newest of all. One walk over the list would read and
  // sort every product of the category. (By price: each part sorts its own, fewer, products.)
  const parts = subcategories.map(
    (id) =>
      sql`select * from (${orderedQuery(
        dialect,
        { ...q, psubcategoryIds: [id], pcategorySubcategoryIds: undefined },
        limit + offset,
        0,
      )}) part`,
  );
  return sql<Row>`select id, distance_km, price from (${sql.join(parts, sql` union all `)}) parts
    order by ${orderBy(q.order)} limit ${limit} offset ${offset}`
    .execute(db)
    .then((r) => r.rows);
}

/** The cards of these products (any order), with their place. */
export function searchCards(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return cardQuery(db)
    .select(['products.latitude', 'products.longitude'])
    .where('products.id', 'in', ids)
    .execute();
}
