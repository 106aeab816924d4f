import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { cardQuery } from '../products/cards.repository';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import type { PfieldFilter } from './pfield-filters';
import { ftsMatch, tsQuery } from './search-words';

// The only Kysely code of the search (DESIGN §7). One filtered query gives the page of ids and
// the total; the cards of that page are then read with the products feature's card query.

export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** Half the Earth's circumference: a larger distance is everywhere. */
const MAX_KM = Math.PI * EARTH_RADIUS_KM;
/** The largest value an integer column holds: price bounds beyond it change nothing. */
const MAX_INT = 2_147_483_647;

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

/** Great-circle distance in km from the origin to the product (haversine), in SQL. */
function distanceExpr(dialect: Dialect, origin: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(origin.latitude * rad);
  // Rounding can push the argument of asin a hair above 1 (PostgreSQL then raises an error).
  const atMostOne = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  // (least() of PostgreSQL skips nulls: a product without a place needs its own case.)
  return sql<number | null>`(case when products.latitude is not null
    and products.longitude is not null then ${2 * EARTH_RADIUS_KM} * asin(${atMostOne}(1, sqrt(
      power(sin((products.latitude - ${origin.latitude}) * ${rad / 2}), 2)
      + ${cosLat} * cos(products.latitude * ${rad})
        * power(sin((products.longitude - ${origin.longitude}) * ${rad / 2}), 2)))) end)`;
}

/** The box around the origin that holds every point within `km`: what products_geo can walk. */
function boundingBox(origin: { latitude: number; longitude: number }, km: number) {
  const dLat = km / KM_PER_DEGREE;
  const conditions = [
    cond`products.latitude between ${Math.max(-90, origin.latitude - dLat)} and ${Math.min(90, origin.latitude + dLat)}`,
  ];
  const cosLat = Math.cos(((Math.abs(origin.latitude) + dLat) * Math.PI) / 180);
  const dLng = cosLat > 0.01 ? km / (KM_PER_DEGREE * cosLat) : 360;
  // Near a pole or across the antimeridian the longitude range wraps: leave it to haversine.
  if (origin.longitude - dLng >= -180 && origin.longitude + dLng <= 180) {
    conditions.push(
      cond`products.longitude between ${origin.longitude - dLng} and ${origin.longitude + dLng}`,
    );
  } else {
    conditions.push(cond`products.longitude is not null`);
  }
  return conditions;
}

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
  if (q.origin && q.distanceKm !== undefined) {
    const km = Math.min(q.distanceKm, MAX_KM);
    list.push(...boundingBox(q.origin, km));
    list.push(cond`${distanceExpr(dialect, q.origin)} <= ${km}`);
  }
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
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  // Nearest first when a distance bounds the search, newest (highest id) first otherwise.
  const order =
    q.origin && q.distanceKm !== undefined
      ? sql`distance_km, products.id desc`
      : sql`products.id desc`;
  const [count, rows] = await Promise.all([
    sql<{ total: number }>`select count(*) as total from (select 1 from products
      where ${where} limit ${SEARCH_TOTAL_MAX + 1}) matches`.execute(db),
    sql<{ id: number; distance_km: number | null }>`
      select products.id, ${distance} as distance_km from products where ${where}
      order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), rows: rows.rows };
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
