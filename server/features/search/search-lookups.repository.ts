import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import type { SearchColumns } from './search-words';
import { meetsText } from './search-conditions';

// What a search checks and reads besides its matches: the source it names (a shop, a
// subcategory), a category's subcategories, the fields of its pfield filters, and the vocabulary
// the typo tier compares words with, the catalogue names a product is indexed with, and the
// search columns and subcategories of the first matches (to rank them within their tiers).

export async function shopExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('shops').select('id').where('id', '=', id).executeTakeFirst());
}

export async function subcategoriesOf(db: Executor, pcategoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('psubcategories')
    .select('id')
    .where('pcategory_id', '=', pcategoryId)
    .execute();
  return rows.map((r) => r.id);
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

/**
 * The vocabulary's terms equal to one of these keys or stored under one of them as a deletion
 * variant (migration 011), with their counts: the typo tier's candidates, by index look-ups,
 * in the order of their terms.
 *
 * Two reads, each an index look-up whatever the statistics: one query joining the variants to
 * the terms was planned, on PostgreSQL without statistics of the two tables (autovacuum off, a
 * bulk seed), as a hash join over the whole vocabulary (426,891 terms read: 380 ms of a rare
 * word's 400 at 1,000,000 products, docs/search.md "PostgreSQL at 1,000,000, session 16").
 */
export async function termsNear(db: Executor, keys: string[]) {
  if (!keys.length) return [];
  const variants = await db
    .selectFrom('search_term_variants')
    .select('term')
    .where('variant', 'in', keys)
    .execute();
  const terms = [...new Set([...keys, ...variants.map((v) => v.term)])];
  return db
    .selectFrom('search_terms')
    .select(['term', 'count'])
    .where('term', 'in', terms)
    .orderBy('term')
    .execute();
}

/** Every subcategory's names (keys and the admin's labels): some hundreds of rows. */
export function subcategoriesNamed(db: Executor) {
  return db
    .selectFrom('psubcategories')
    .select(['id', 'name', 'name_ar', 'name_fr'])
    .orderBy('id')
    .execute();
}

/**
 * The subcategory of each of these products (a search's first matches, up to 1,001). The ids go
 * as one parameter: 1,001 placeholders cost SQLite more to prepare than the rows to read (1,001
 * rows at 1,000,000 products: 2.1-2.6 ms, as a JSON list 1.3-1.5).
 */
export async function subcategoryOf(
  db: Executor,
  dialect: Dialect,
  ids: number[],
): Promise<Map<number, number>> {
  const listed =
    dialect === 'postgres'
      ? sql<boolean>`id = any(cast(${ids} as integer[]))`
      : sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'psubcategory_id'])
    .where(listed)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), Number(row.psubcategory_id)]));
}

/** A subcategory's names and its category's (keys and the admin's labels). */
export function catalogueNamesOf(db: Executor, psubcategoryId: number) {
  return db
    .selectFrom('psubcategories')
    .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
    .select([
      'psubcategories.name as sub',
      'psubcategories.name_ar as sub_ar',
      'psubcategories.name_fr as sub_fr',
      'pcategories.name as cat',
      'pcategories.name_ar as cat_ar',
      'pcategories.name_fr as cat_fr',
    ])
    .where('psubcategories.id', '=', psubcategoryId)
    .executeTakeFirst();
}

/** A batch of the products of these subcategories, by id, with the texts their index holds. */
export function productTextsIn(
  db: Executor,
  psubcategoryIds: number[],
  afterId: number,
  limit: number,
) {
  if (!psubcategoryIds.length) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select([
      'id',
      'psubcategory_id',
      'name',
      'name_ar',
      'name_fr',
      'more_infos_ar',
      'more_infos_fr',
      'search_text',
      'search_stems',
      'search_related',
    ])
    .where('psubcategory_id', 'in', psubcategoryIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A product's search columns (the triggers follow: text index, vocabulary). */
export async function setSearchColumns(
  db: Executor,
  id: number,
  columns: { search_text: string; search_stems: string; search_related: string },
) {
  await db.updateTable('products').set(columns).where('id', '=', id).execute();
}

/** The search columns of these products (a search's first matches: search-ranking.ts). */
export async function searchColumnsOf(
  db: Executor,
  ids: number[],
): Promise<Map<number, SearchColumns>> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'search_text', 'search_stems', 'search_related'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** PostgreSQL: which of these products' search vectors meet a tier's query (meetsText). */
export async function idsMeeting(db: Executor, ids: number[], ts: string): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where(sql<boolean>`id = any(cast(${ids} as integer[]))`)
    .where(meetsText({ ts }))
    .execute();
  return rows.map((row) => Number(row.id));
}
