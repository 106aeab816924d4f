import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { conditions } from './search-conditions';
import { distanceExpr } from './search-geo';
import { compareRows, orderedRows, type Row, type SearchQuery } from './search.repository';
import type { SearchSort } from '../../../shared/schemas/search';
import type { SearchColumns } from './search-words';
import { notEndedConditions } from '../products/listing.repository';

// "Newest" with bumps (issue 32, docs/search.md "Order"): an offer's time is its last bump, or
// its creation (coalesce(bumped_at, created_at), as every other list orders). The text indexes
// and the covering indexes are walked by id, and ids grow with created_at; so the page is read
// by id as before, and the matching offers bumped after the oldest of those rows was created
// are merged in: only they can come before it. Bumps are rare (once a week at most per offer),
// and an index on (type, bumped_at) finds them (migration 036). The other orders' ties (the
// same place, the same price) are newest first the same way: the rows are read by SQL in their
// order (ties by id), then each tie is ordered by time, the tie at the end of the read completed
// with the bumped matches that share its place or price.

/**
 * Bumped offers after the walk's oldest row, with words. SQLite: their words are matched by the
 * text index of bumped offers only (products_bumped_fts, migration 038). PostgreSQL: up to `few`
 * of them are read with their search columns and their words tested in JS (the tier's own test,
 * search-words.ts); more, and the words are tested by the text index in SQL. (An object so that a
 * test can force both.)
 */
export const bumpTuning = { few: 2000 };

type Bumped = Row & { at: string };

/** The primary key of an order (null: no place or no price); newest has none (one tie). */
function keyOf(order: SearchSort): ((r: Row) => number | null) | null {
  switch (order) {
    case 'price_asc':
    case 'price_desc':
      return (r) => (r.price === null ? null : Number(r.price));
    case 'nearest':
      return (r) => (r.distance_km === null ? null : Number(r.distance_km));
    default:
      return null;
  }
}

/** The condition of sharing the last row's key (its place's distance, its price). */
function sameKey(dialect: Dialect, q: SearchQuery, key: number | null) {
  if (q.order === 'nearest') {
    const d = q.origin ? distanceExpr(dialect, q.origin) : sql`null`;
    return key === null ? sql`${d} is null` : sql`${d} between ${key - 1e-9} and ${key + 1e-9}`;
  }
  return key === null ? sql`products.price is null` : sql`products.price = ${key}`;
}

/**
 * The matches of `q` bumped at or after `since` (sharing the key `key` when the order has one),
 * the latest bump first, at most `limit`.
 */
async function bumpedSince(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  since: string,
  limit: number,
  key?: number | null,
): Promise<Bumped[]> {
  const distance = q.origin ? distanceExpr(dialect, q.origin) : sql<null>`null`;
  const test = q.text?.test;
  // The bumped rows of the same filters read for a tier before (a search reads its tiers in
  // turn; a broader tier's walk ends later, so its bumps are among those read): tested again.
  const cacheKey = JSON.stringify({ ...q, text: undefined, bumps: undefined, key, dialect });
  const cached = test ? q.bumps?.get(cacheKey) : undefined;
  if (test && cached && cached.since <= since) {
    return cached.rows
      .filter((row) => row.at >= since && test(row))
      .slice(0, limit)
      .map(({ id, distance_km, price, at }) => ({ id, distance_km, price, at }));
  }
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from (select 1
    from products where products.type = ${q.type} and products.bumped_at >= ${since}
    limit ${bumpTuning.few + 1}) found`.execute(db);
  const n = Number(counted[0]?.n);
  if (!n) return [];
  // SQLite: the words' matches among the bumped offers only, from their own text index (not
  // the rows bumped since then read and tested one by one, nor every match of a common word).
  const bumpedText =
    dialect === 'sqlite' && q.text
      ? [
          sql`products.id in (select rowid from products_bumped_fts
            where products_bumped_fts match ${q.text.fts})`,
        ]
      : [];
  const inJs = !bumpedText.length && !!test && n <= bumpTuning.few;
  // The filters as the walk has them, but over every id (no window), the words' list leading.
  const filters: SearchQuery = {
    ...q,
    text: inJs || bumpedText.length ? undefined : q.text,
    commonWords: false,
    matchesFirst: false,
    window: undefined,
  };
  const where = sql.join(
    [
      ...conditions(dialect, filters),
      ...bumpedText,
      sql`products.bumped_at >= ${since}`,
      ...(key === undefined ? [] : [sameKey(dialect, q, key)]),
    ],
    sql` and `,
  );
  const columns = sql`products.id, ${distance} as distance_km, products.price as price,
    products.bumped_at as at`;
  if (!inJs) {
    return sql<Bumped>`select ${columns} from products where ${where}
      order by products.bumped_at desc, products.id desc limit ${limit}`
      .execute(db)
      .then((r) => r.rows);
  }
  const { rows } = await sql<Bumped & SearchColumns>`select ${columns},
      products.search_text, products.search_stems, products.search_related
    from products where ${where} order by products.bumped_at desc, products.id desc`.execute(db);
  q.bumps?.set(cacheKey, { since, rows });
  return rows
    .filter((row) => test!(row))
    .slice(0, limit)
    .map(({ id, distance_km, price, at }) => ({ id, distance_km, price, at }));
}

/** Each product's time: its last bump, or its creation. */
async function timesOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { created: string; bumped: string | null }>();
  const { rows } = await sql<{ id: number; created_at: string; bumped_at: string | null }>`select
      id, created_at, bumped_at
    from products where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  return new Map(
    rows.map((r) => [Number(r.id), { created: r.created_at, bumped: r.bumped_at }] as const),
  );
}

/**
 * These products (matches of `q`, all listed) that were bumped, with their last bump. SQLite, with
 * words: the bumped ones are those the bumped offers' own text index finds (a listed bumped offer
 * is in it, migration 039) for the tier's words within the ids' range, tested against the ids in
 * JS: only they are then looked up, and nothing is when none is bumped (a list of 1,000 bound ids
 * costs more to prepare than to read: 0.59-0.76 ms against 0.17-0.33 at 100,000 offers). Without
 * words, each id is looked up: the index would give every bumped offer of the type in the range
 * (a narrow filter's few matches span all the ids). PostgreSQL: the ids as one array.
 */
async function bumpedAmong(db: Executor, dialect: Dialect, q: SearchQuery, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const listOf = (list: number[]) => sql`id in (${sql.join(list.map((id) => sql`${id}`))})`;
  let among =
    dialect === 'sqlite' ? listOf(ids) : sql`id = any(cast(${ids.map(Number)} as integer[]))`;
  if (dialect === 'sqlite' && q.text) {
    const wanted = new Set(ids.map(Number));
    const [lo, hi] = [Math.min(...wanted), Math.max(...wanted)];
    const { rows } = await sql<{ id: number }>`select rowid as id from products_bumped_fts
      where products_bumped_fts match ${q.text.fts}
        and rowid between cast(${lo} as integer) and cast(${hi} as integer)`.execute(db);
    const bumped = rows.map((r) => Number(r.id)).filter((id) => wanted.has(id));
    if (!bumped.length) return new Map<number, string>();
    among = listOf(bumped);
  }
  const { rows } = await sql<{ id: number; at: string }>`select id, bumped_at as at from products
    where ${among} and bumped_at is not null`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), r.at] as const));
}

/**
 * The time the bumped offers' index keeps the offers listed at: an hour before `at` (ms), so that
 * a search that read the time before a prune still finds every bumped offer it may list.
 */
export const keptSince = (at: number) => new Date(at - 3_600_000).toISOString();

/**
 * SQLite: takes out of the bumped offers' text index (migration 039) those whose listing ended
 * (expired, or sold SOLD_LISTED_DAYS ago: the lists' rule) before keptSince(at); a renewal or an
 * undone sale puts one back (its trigger). How many went. One statement over the index's rows
 * (its size, not the table's): each run takes out the few offers ended since the last (16,450
 * rows read, 4 taken out: 26-50 ms); after a month's stop, 8,219 went in 0.40-0.55 s, where
 * batches of 200 or 2,000 took 5.3 and 2.4 s. PostgreSQL: nothing to take out (its bumps are
 * read from an index on bumped_at, only those since the walk's end).
 */
export async function pruneEndedBumps(db: Executor, dialect: Dialect, at = Date.now()) {
  if (dialect !== 'sqlite') return 0;
  const live = sql.join(notEndedConditions(keptSince(at)), sql` and `);
  const result = await sql`delete from products_bumped_fts where rowid in (
      select products.id from products_bumped_fts
        cross join products on products.id = products_bumped_fts.rowid
      where not (${live}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Newest first, the walk's rows never bumped (in id order, which is creation order) and the
 * bumped ones merged: each bumped offer goes just before the walked rows created before its
 * bump, found by one seek of (type, created_at) per bumped offer (the newest offer created by
 * then), rather than by reading every walked row's time. The seeks are one query (a query each
 * was a round trip each to the search's worker: 150 bumped matches of a common word).
 */
async function placedByCreation(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  walked: Row[],
  outside: Bumped[],
  inOutside: Set<number>,
  n: number,
) {
  const times = outside.map((b) => b.at);
  const list =
    dialect === 'sqlite'
      ? sql`(select value as at from json_each(${JSON.stringify(times)})) bumps`
      : sql`unnest(cast(${times} as text[])) as bumps(at)`;
  const { rows: seeks } = await sql<{ at: string; id: number | null }>`select bumps.at,
      (select id from products where type = ${q.type} and created_at <= bumps.at
        order by created_at desc, id desc limit 1) as id
    from ${list}`.execute(db);
  const before = new Map(seeks.map((r) => [r.at, Number(r.id ?? 0)]));
  const place = new Map(outside.map((b) => [Number(b.id), (before.get(b.at) ?? 0) + 0.5]));
  const at = new Map(outside.map((b) => [Number(b.id), b.at]));
  const order = (r: Row) => place.get(Number(r.id)) ?? Number(r.id);
  const rows: Row[] = [...walked.filter((r) => !inOutside.has(Number(r.id))), ...outside];
  rows.sort((a, b) => {
    const d = order(b) - order(a);
    if (d) return d;
    const [x, y] = [at.get(Number(a.id)) ?? '', at.get(Number(b.id)) ?? ''];
    return x < y ? 1 : x > y ? -1 : Number(b.id) - Number(a.id);
  });
  return rows.slice(0, n);
}

/**
 * The first `n` matches in the search's order, ties (all of newest first) by time, bumps counted:
 * the first `n` as SQL reads them (ties by id), the bumped matches that could join the last tie
 * (bumped since the oldest row of the read was created), merged. `read`: those first `n` rows,
 * when read already (nearest first, radius by radius).
 */
export async function withBumps(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  n: number,
  read?: Row[],
): Promise<Row[]> {
  const walked = read ?? (await orderedRows(db, dialect, q, n, 0));
  if (!walked.length) return walked;
  const key = keyOf(q.order);
  const same = (a: Row, b: Row | undefined) => !!b && (!key || key(a) === key(b));
  const last = walked[walked.length - 1];
  // The last tie may go on past the read: bumped matches of it may come before its rows.
  const outside: Bumped[] = [];
  if (walked.length === n) {
    const since = (await timesOf(db, [last.id])).get(Number(last.id))?.created;
    if (since !== undefined) {
      outside.push(...(await bumpedSince(db, dialect, q, since, n, key ? key(last) : undefined)));
    }
  }
  // The other ties' bumped rows (newest first is one tie: the read above found them).
  const tied = walked.filter(
    (r, i) =>
      (same(r, walked[i - 1]) || same(r, walked[i + 1])) &&
      !(outside.length && same(r, last)) &&
      !(walked.length === n && !key),
  );
  const bumped = await bumpedAmong(
    db,
    dialect,
    q,
    tied.map((r) => r.id),
  );
  if (!outside.length && !bumped.size) return walked;
  if (!key) {
    // Newest first: either the read holds every match (the bumped ones among them move) or it
    // does not (the bumped ones since its last row join); each is placed by its bump.
    const moved = [
      ...outside,
      ...walked.flatMap((r) => {
        const at = bumped.get(Number(r.id));
        return at === undefined ? [] : [{ ...r, at }];
      }),
    ];
    const ids = new Set(moved.map((b) => Number(b.id)));
    return placedByCreation(db, dialect, q, walked, moved, ids, n);
  }
  const inOutside = new Set(outside.map((b) => Number(b.id)));
  const rows: Row[] = [...walked.filter((r) => !inOutside.has(Number(r.id))), ...outside];
  const times = await timesOf(
    db,
    rows.map((r) => r.id),
  );
  const at = (r: Row) => {
    const t = times.get(Number(r.id));
    return t ? (t.bumped ?? t.created) : '';
  };
  const byKey = compareRows(q.order);
  rows.sort((a, b) => {
    const k = byKey ? byKey({ ...a, id: 0 }, { ...b, id: 0 }) : 0;
    if (k) return k;
    const [x, y] = [at(a), at(b)];
    return x < y ? 1 : x > y ? -1 : Number(b.id) - Number(a.id);
  });
  return rows.slice(0, n);
}

/**
 * Rows in the search's order from `offset`, ties newest first with bumps counted (withBumps):
 * read from the first row, so that every page orders the same rows the same way.
 */
export async function rowsInOrder(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  limit: number,
  offset: number,
): Promise<Row[]> {
  return (await withBumps(db, dialect, q, limit + offset)).slice(offset);
}

/** A page of matching ids past the first COUNTED, in the search's order. */
export function laterRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  perPage: number,
  offset: number,
): Promise<Row[]> {
  return rowsInOrder(db, dialect, q, perPage, offset);
}
