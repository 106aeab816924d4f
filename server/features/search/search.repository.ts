import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { cardQuery } from '../products/cards.repository';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import type { PfieldFilter } from './pfield-filters';
import { ftsMatch, tsQuery } from './search-words';
import { distanceExpr, MAX_KM, withinKm } from './search-geo';

// The only Kysely code of the search (DESIGN §7). One filtered query gives the page of ids and
// the total; the cards of that page are then read with the products feature's card query.

/** The largest value an integer column holds: price bounds beyond it change nothing. */
const MAX_INT = 2_147_483_647;
/** The nearest-first search looks this far first, then four times farther, and so on. */
const FIRST_RADIUS_KM = 1;

export interface SearchQuery {
  type: string;
  shopId?: number;
  psubcategoryIds: number[];
  pcategoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  negotiable?: string;
  used?: string;
  delivery?: string;
  offerType?: string;
  /** Normalised words, each matched as a prefix, all required. */
  words: string[];
  /** PostgreSQL's fallback: near spellings (pg_trgm word similarity) instead of prefixes. */
  nearSpellings?: boolean;
  origin?: { latitude: number; longitude: number };
  /** km around `origin`. */
  distanceKm?: number;
  pfields: PfieldFilter[];
}

const cond = (strings: TemplateStringsArray, ...values: unknown[]) =>
  sql<SqlBool>(strings, ...values);

function textCondition(dialect: Dialect, q: SearchQuery): Expression<SqlBool>[] {
  if (!q.words.length) return [];
  if (dialect === 'sqlite') {
    // The text match runs first and alone, on its own index; products are then read by id.
    return [
      cond`products.id in (select rowid from products_fts
        where products_fts match ${ftsMatch(q.words, q.type)})`,
    ];
  }
  if (q.nearSpellings) {
    return q.words.map((w) => cond`${w} <% products.search_text`);
  }
  return [cond`products.search_vector @@ to_tsquery('simple', ${tsQuery(q.words)})`];
}

function pfieldCondition(dialect: Dialect, f: PfieldFilter): Expression<SqlBool> {
  const values = (where: Expression<SqlBool>) =>
    cond`products.id in (select product_id from product_pfield
      where pfield_id = ${f.pfieldId} and ${where})`;
  switch (f.kind) {
    case 'equals':
      return values(cond`value = ${f.value}`);
    case 'contains': {
      // The stored JSON array holds each checked value as "value".
      const find = dialect === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
      const each = f.values.map((v) => cond`${find}(value, ${JSON.stringify(v)}) > 0`);
      return values(cond`${sql.join(each, sql` and `)}`);
    }
    case 'range': {
      // Only number text is compared as a number (a field whose type changed may hold other
      // text; PostgreSQL would refuse to cast it).
      const asNumber =
        dialect === 'postgres'
          ? sql`(case when value ~ '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$'
              then value::double precision end)`
          : sql`(case when value <> '' and value not glob '*[^0-9.eE+-]*'
              then cast(value as real) end)`;
      const bounds = [cond`${asNumber} is not null`];
      if (f.min !== null) bounds.push(cond`${asNumber} >= ${f.min}`);
      if (f.max !== null) bounds.push(cond`${asNumber} <= ${f.max}`);
      return values(cond`${sql.join(bounds, sql` and `)}`);
    }
  }
}

function conditions(dialect: Dialect, q: SearchQuery): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = [cond`products.type = ${q.type}`];
  if (q.shopId !== undefined) list.push(cond`products.shop_id = ${q.shopId}`);
  if (q.psubcategoryIds.length) {
    list.push(
      cond`products.psubcategory_id in (${sql.join(q.psubcategoryIds.map((id) => sql`${id}`))})`,
    );
  }
  if (q.pcategoryId !== undefined) {
    list.push(
      cond`products.psubcategory_id in (select id from psubcategories where pcategory_id = ${q.pcategoryId})`,
    );
  }
  if (q.minPrice !== undefined) list.push(cond`products.price >= ${Math.min(q.minPrice, MAX_INT)}`);
  if (q.maxPrice !== undefined) list.push(cond`products.price <= ${Math.min(q.maxPrice, MAX_INT)}`);
  if (q.negotiable) list.push(cond`products.negotiable = ${q.negotiable}`);
  if (q.used) list.push(cond`products.used = ${q.used}`);
  if (q.delivery) list.push(cond`products.delivery = ${q.delivery}`);
  if (q.offerType) list.push(cond`products.offer_type = ${q.offerType}`);
  list.push(...textCondition(dialect, q));
  for (const f of q.pfields) list.push(pfieldCondition(dialect, f));
  if (q.origin && q.distanceKm !== undefined)
    list.push(...withinKm(dialect, q.origin, q.distanceKm));
  return list;
}

type Page = { total: number; rows: { id: number; distance_km: number | null }[] };

/**
 * SQLite, words and type only: the FTS index answers alone (it indexes the type too), newest
 * (highest rowid) first.
 */
async function ftsOnlyPage(db: Executor, q: SearchQuery, page: number, perPage: number) {
  const match = ftsMatch(q.words, q.type);
  const [count, rows] = await Promise.all([
    sql<{ total: number }>`select count(*) as total from (select rowid from products_fts
      where products_fts match ${match} limit ${SEARCH_TOTAL_MAX + 1})`.execute(db),
    sql<{ id: number; distance_km: null }>`select rowid as id, null as distance_km
      from products_fts where products_fts match ${match}
      order by rowid desc limit ${perPage} offset ${(page - 1) * perPage}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), rows: rows.rows };
}

const onlyWords = (q: SearchQuery) =>
  q.words.length > 0 &&
  !q.nearSpellings &&
  q.shopId === undefined &&
  !q.psubcategoryIds.length &&
  q.pcategoryId === undefined &&
  q.minPrice === undefined &&
  q.maxPrice === undefined &&
  !q.negotiable &&
  !q.used &&
  !q.delivery &&
  !q.offerType &&
  !q.origin &&
  !q.pfields.length;

/** Rows of one page: newest first, or nearest first when a distance bounds the search. */
function pageRows(db: Executor, dialect: Dialect, q: SearchQuery, page: number, perPage: number) {
  const where = sql.join(conditions(dialect, q), sql` and `);
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  const order =
    q.origin && q.distanceKm !== undefined
      ? sql`distance_km, products.id desc`
      : sql`products.id desc`;
  return sql<{ id: number; distance_km: number | null }>`
    select products.id, ${distance} as distance_km from products where ${where}
    order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`
    .execute(db)
    .then((r) => r.rows);
}

/**
 * Nearest first: ordering by distance reads every product within it. So look within 1 km, then
 * 4, 16… up to the distance asked, and stop at the first radius that fills the page: whatever
 * lies farther cannot come before what is inside.
 */
async function nearestRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery & { distanceKm: number },
  page: number,
  perPage: number,
) {
  const km = Math.min(q.distanceKm, MAX_KM);
  for (let radius = Math.min(km, FIRST_RADIUS_KM); ; radius = Math.min(km, radius * 4)) {
    const rows = await pageRows(db, dialect, { ...q, distanceKm: radius }, page, perPage);
    if (rows.length === perPage || radius >= km) return rows;
  }
}

/**
 * One page of matching ids, in the search's order, and how many match — counted up to
 * SEARCH_TOTAL_MAX + 1 only: an exact count of a very common word would read every match.
 */
export async function searchPage(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  page: number,
  perPage: number,
): Promise<Page> {
  if (dialect === 'sqlite' && onlyWords(q)) return ftsOnlyPage(db, q, page, perPage);
  const where = sql.join(conditions(dialect, q), sql` and `);
  const [count, rows] = await Promise.all([
    sql<{ total: number }>`select count(*) as total from (select 1 from products
      where ${where} limit ${SEARCH_TOTAL_MAX + 1}) matches`.execute(db),
    q.origin && q.distanceKm !== undefined
      ? nearestRows(db, dialect, { ...q, distanceKm: q.distanceKm }, page, perPage)
      : pageRows(db, dialect, q, page, perPage),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), rows };
}

/** The cards of these products (any order), with their place. */
export function searchCards(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return cardQuery(db)
    .select(['products.latitude', 'products.longitude'])
    .where('products.id', 'in', ids)
    .execute();
}

export async function shopExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('shops').select('id').where('id', '=', id).executeTakeFirst());
}

export async function subcategoryExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('psubcategories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst());
}

export function pfieldsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('pfields').selectAll().where('id', 'in', ids).execute();
}

/** Whether pg_trgm (the near-spelling fallback) was installed by the search migration. */
export async function hasTrigramIndex(db: Executor): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from pg_indexes where indexname = 'products_search_trigram'`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** PostgreSQL: how alike a word must be to one of a product's words (0–1; pg_trgm says 0.6). */
export async function setWordSimilarity(db: Executor, threshold: number): Promise<void> {
  await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`.execute(
    db,
  );
}
