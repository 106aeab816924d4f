import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { cardQuery } from '../products/cards.repository';
import { SEARCH_TOTAL_MAX, type SearchSort } from '../../../shared/schemas/search';
import type { PfieldFilter } from './pfield-filters';
import { boundingBox, distanceExpr, MAX_KM, type Point } from './search-geo';
import { LISTED } from '../../db/migrations/020-search-covering-indexes';
import { conditions } from './search-conditions';
import type { SearchColumns } from './search-words';

// The search's reads (DESIGN §7). One filtered query gives the page of ids and the total; the
// cards of that page are then read with the products feature's card query. Its WHERE clauses are
// built in search-conditions.ts; which index leads is chosen beforehand by search-plan.ts.

/**
 * The nearest-first search halves its first radius while the box around it holds this many
 * products (whatever the other filters).
 */
const CROWDED = 4 * (SEARCH_TOTAL_MAX + 1);
/** The nearest-first search looks this far first (km), then farther. */
const FIRST_RADIUS_KM = 0.25;

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
  text?: { fts: string; ts: string; words: string[][] };
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
  /** SQLite: only the ids in this range (a window of the newest-first walk, see windowedRows). */
  window?: { lo: number; hi: number };
  origin?: { latitude: number; longitude: number };
  /** km around `origin`. */
  distanceKm?: number;
  pfields: PfieldFilter[];
  /**
   * The field value filter (index in `pfields`) whose products are few enough (under
   * pfieldTuning.fewValues) to be read first from its index, the other conditions tested on them.
   */
  leadingPfield?: number;
}

export type Row = { id: number; distance_km: number | null; price: number | null };
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
 * SQLite, words and type only: the FTS index answers alone (it indexes the type too), newest
 * (highest rowid) first.
 */
function ftsOnlyRows(
  db: Executor,
  q: SearchQuery & { text: { fts: string } },
  limit: number,
  offset: number,
) {
  return sql<Row>`select rowid as id, null as distance_km, null as price from products_fts
    where products_fts match ${q.text.fts}
    order by rowid desc limit ${limit} offset ${offset}`
    .execute(db)
    .then((r) => r.rows);
}

export const onlyWords = (q: SearchQuery): q is SearchQuery & { text: { fts: string } } =>
  q.text !== undefined &&
  q.order === 'newest' &&
  q.shopId === undefined &&
  !q.psubcategoryIds.length &&
  !q.pcategorySubcategoryIds &&
  q.minPrice === undefined &&
  q.maxPrice === undefined &&
  !q.negotiable &&
  !q.used &&
  !q.delivery &&
  !q.offerType &&
  !q.origin &&
  !q.pfields.length;

/**
 * The search's order as SQL over the rows' id, distance_km and price; ties newest first. Products
 * without a price (or a place) come last in the price (nearest) orders, on both engines.
 */
function orderBy(order: SearchSort) {
  switch (order) {
    case 'price_asc':
      return sql`price is null, price, id desc`;
    case 'price_desc':
      return sql`price is null, price desc, id desc`;
    case 'nearest':
      return sql`distance_km is null, distance_km, id desc`;
    default:
      return sql`id desc`;
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

/** The query of the rows in the search's order (newest first unless asked otherwise). */
function orderedQuery(dialect: Dialect, q: SearchQuery, limit: number, offset: number) {
  const where = sql.join(conditions(dialect, q), sql` and `);
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  const order = orderBy(q.order);
  // A window of common words with a subcategory or a category (SQLite): the subcategories'
  // covering index, walked within the window's ids, holds every other filter; the planner would
  // walk the window's rows in the table instead (a category: 150 ms for 200,000 ids at
  // 1,000,000 products, 27 ms from the index).
  const table =
    q.window &&
    (q.psubcategoryIds.length || q.pcategorySubcategoryIds) &&
    !q.origin &&
    q.shopId === undefined &&
    q.leadingPfield === undefined
      ? sql`products indexed by products_listed_subcategory`
      : sql`products`;
  const matches = sql`select products.id, ${distance} as distance_km, products.price as price
    from ${table} where ${where}`;
  // PostgreSQL walks the primary key newest first and tests each row when it expects matches to
  // come soon; testing a row (similarity, or a text vector) costs more than it assumes, so for
  // words of middling frequency the matches are read from the indexes first:
  // `offset 0` keeps the planner from merging the two queries back into that walk.
  return q.matchesFirst
    ? sql<Row>`select id, distance_km, price from (${matches} offset 0) matches
        order by ${order} limit ${limit} offset ${offset}`
    : q.order === 'newest'
      ? sql<Row>`${matches} order by ${order} limit ${limit} offset ${offset}`
      : // PostgreSQL orders by an output name only when it stands alone: the other orders
        // (expressions of distance_km and price) read them from a subquery, which it flattens.
        sql<Row>`select id, distance_km, price from (${matches}) matches
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
function orderedRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  limit: number,
  offset: number,
): Promise<Row[]> {
  if (dialect === 'sqlite' && onlyWords(q)) return ftsOnlyRows(db, q, limit, offset);
  if (dialect === 'sqlite' && q.commonWords && q.order === 'newest' && !offset && !q.window) {
    return windowedRows(db, dialect, q, limit);
  }
  const subcategories = q.pcategorySubcategoryIds ?? [];
  const nearest = q.order === 'nearest';
  // (SQLite would read the words' matches again for each subcategory: there, the words lead.)
  const wordsLead = dialect === 'sqlite' && q.text !== undefined;
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

/** The type, listing, subcategory and box conditions of a place search: what its indexes hold. */
function placeConditions(q: SearchQuery & { origin?: Point }, km: number) {
  const list = [sql`products.type = ${q.type}`, sql`products.${sql.raw(LISTED)}`];
  if (q.psubcategoryIds.length) {
    list.push(
      sql`products.psubcategory_id in (${sql.join(q.psubcategoryIds.map((id) => sql`${id}`))})`,
    );
  }
  return q.origin ? [...list, ...boundingBox(q.origin, km)] : list;
}

/**
 * SQLite, nearest first: words matching fewer products than `atOnce` are read at once over the
 * whole distance, however common (wordsTuning) they are elsewhere: a radius that grows reads the
 * words' list again each time (voiture within 50 km of Nouakchott, 6,536 matches in all at
 * 1,000,000: 4 radii, 179 ms).
 */
export const nearestTuning = { atOnce: 20_000 };

/** SQLite: whether the words' matches are fewer than nearestTuning.atOnce (counted up to it). */
async function fewForNearest(db: Executor, q: SearchQuery & { text: { fts: string } }) {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid
    from products_fts where products_fts match ${q.text.fts} limit ${nearestTuning.atOnce}) found`.execute(
    db,
  );
  return Number(rows[0]?.n) < nearestTuning.atOnce;
}

/**
 * Nearest first: ordering by distance reads every product within it. So look within a small
 * radius first, then farther, and stop at the first radius holding COUNTED products (or at the
 * distance asked): whatever lies farther cannot come before them, and the count is capped
 * there anyway. Each next radius is guessed from the density seen so far.
 */
async function nearestRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery & { distanceKm: number },
): Promise<Row[]> {
  const km = Math.min(q.distanceKm, MAX_KM);
  // (Few enough for nearest first: their list leads, as for words that are not common.)
  if (
    dialect === 'sqlite' &&
    q.text &&
    q.commonWords &&
    !q.psubcategoryIds.length &&
    !q.pcategorySubcategoryIds &&
    (await fewForNearest(db, { ...q, text: q.text }))
  ) {
    q = { ...q, commonWords: false };
  }
  // With words, every radius would read all the words' matches again: one look at once when
  // they are few (SQLite: not common, wordsTuning; PostgreSQL: read from the text index first),
  // or, on SQLite, when a subcategory's (a category's) places, from an index and few, lead.
  const atOnce =
    q.text !== undefined &&
    (dialect === 'sqlite'
      ? !q.commonWords || q.psubcategoryIds.length > 0 || q.pcategorySubcategoryIds !== undefined
      : !!q.matchesFirst);
  let first = atOnce ? km : Math.min(km, FIRST_RADIUS_KM);
  // A crowded place (a town's centre): ordering every product of the first radius by distance
  // costs more than the page needs. The box's products (the place index alone, no distance
  // computed) are counted up to CROWDED; the radius is halved while they reach it. (Words make
  // the matches sparser than the box: not then.)
  for (let halved = 0; !atOnce && !q.text && halved < 8; halved++) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from products
      where ${sql.join(placeConditions(q, first), sql` and `)} limit ${CROWDED}) box`.execute(db);
    if (Number(rows[0]?.n) < CROWDED) break;
    first /= 2;
  }
  for (let radius = first; ;) {
    const rows = await orderedRows(db, dialect, { ...q, distanceKm: radius }, COUNTED, 0);
    if (rows.length >= COUNTED || radius >= km) return rows;
    // Area grows with the square of the radius; at least twice, at most sixteen times as far.
    // Nothing at all so near: the place is sparse, and the whole distance costs little more.
    const guess = radius * Math.sqrt(COUNTED / Math.max(rows.length, 1)) * 1.2;
    radius = rows.length ? Math.min(km, Math.max(radius * 2, Math.min(radius * 16, guess))) : km;
  }
}

/**
 * The first COUNTED matching ids, in the search's order (the count and most pages come from
 * them: an exact count of a very common word would read every match). `q` comes planned
 * (search-plan.ts: which index leads).
 */
export function firstRows(db: Executor, dialect: Dialect, q: SearchQuery): Promise<Row[]> {
  return q.order === 'nearest' && q.origin && q.distanceKm !== undefined
    ? nearestRows(db, dialect, { ...q, distanceKm: q.distanceKm })
    : orderedRows(db, dialect, q, COUNTED, 0);
}

/** A page of matching ids past the first COUNTED, in the search's order. */
export function laterRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  perPage: number,
  offset: number,
): Promise<Row[]> {
  return orderedRows(db, dialect, q, perPage, offset);
}

/** One page of matching ids, in the search's order, and how many match (up to COUNTED). */
export async function searchPage(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  page: number,
  perPage: number,
): Promise<Page> {
  const first = await firstRows(db, dialect, q);
  return fromFirst(first, page, perPage, (offset) => laterRows(db, dialect, q, perPage, offset));
}

/** A product the search's filters leave, with the columns its words are tested on. */
export type Candidate = Row & SearchColumns;

/**
 * SQLite: every product the search's filters (all but the words) leave, in the search's order,
 * with its search columns, when they are at most `max` (null: more). Counted first from the
 * filters' indexes (a subcategory's, a place's: no row read), read only when few.
 */
export async function fewCandidates(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  max: number,
): Promise<Candidate[] | null> {
  const filters = { ...q, text: undefined, commonWords: undefined };
  const where = sql.join(conditions(dialect, filters), sql` and `);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from products
    where ${where} limit ${max + 1}) found`.execute(db);
  if (Number(rows[0]?.n) > max) return null;
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  return sql<Candidate>`select id, distance_km, price, search_text, search_stems, search_related
    from (select products.id, ${distance} as distance_km, products.price as price,
      products.search_text, products.search_stems, products.search_related
      from products where ${where}) found
    order by ${orderBy(q.order)}`
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
