import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { conditions } from './search-conditions';
import { distanceExpr } from './search-geo';
import { orderBy, type Row, type SearchQuery } from './search.repository';
import type { SearchColumns } from './search-words';

// SQLite: the few products a search's filters leave, read once with their search columns, for
// search.service.ts to rank by their words in JS (tierRanker) instead of reading the text index.

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
  // Newest first (and ties) count bumps (issue 32): the rows are read anyway, their time too.
  const order = orderBy(q.order, sql`at desc, id desc`);
  return sql<Candidate>`select id, distance_km, price, search_text, search_stems, search_related
    from (select products.id, ${distance} as distance_km, products.price as price,
      coalesce(products.bumped_at, products.created_at) as at,
      products.search_text, products.search_stems, products.search_related
      from products where ${where}) found
    order by ${order}`
    .execute(db)
    .then((r) => r.rows);
}
