import {
  expressionBuilder,
  sql,
  type AliasableExpression,
  type ExpressionBuilder,
  type Generated,
  type SqlBool,
} from 'kysely';
import type { Database, Executor } from '../../db/types';
import { liveProduct } from '../products/listing.repository';

// The only Kysely code of the seo feature (issue 16 item 3). A sitemap file holds one section's
// rows whose ids fall in one fixed range (seo.service.ts): every query here is a range of the
// primary key, read in id order, never an OFFSET that walks the rows before it.

export const SITEMAP_SECTIONS = [
  'products',
  'shops',
  'categories',
  'subcategories',
  'users',
] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export interface SitemapRow {
  id: number;
  updated_at: string;
  /** A subcategory's category (its page's path names both). */
  pcategory_id: number | null;
}

/** A table whose primary key `id` can order the ranges and whose `updated_at` is a URL's lastmod. */
type RangeTable = {
  [T in keyof Database]: Database[T] extends { id: Generated<number>; updated_at: string }
    ? T
    : never;
}[keyof Database];

/** Each section's table (the one query below reads `id` and `updated_at` of whichever). */
const SECTION_TABLES = {
  products: 'products',
  shops: 'shops',
  categories: 'pcategories',
  subcategories: 'psubcategories',
  users: 'users',
} as const satisfies Record<SitemapSection, RangeTable>;
type SectionTable<S extends SitemapSection = SitemapSection> = (typeof SECTION_TABLES)[S];

type SectionExpression<S extends SitemapSection, T> = (
  eb: ExpressionBuilder<Database, SectionTable<S>>,
) => AliasableExpression<T>;

/**
 * Which of a section's rows are public. Offers and demands: only live ones (issue 19: not held,
 * hidden or a banned author's; issue 32: not expired nor long sold); deleted ones are gone. Users: those
 * not banned with at least one such offer in a shop they own (their page lists their shops and
 * their personal shop's offers); a deleted account is gone from the table. The look-up goes
 * through the indexes shop_employees(user_id) and products(shop_id, type, id).
 */
const PUBLIC: { [S in SitemapSection]: SectionExpression<S, SqlBool> | null } = {
  products: () => liveProduct(),
  shops: null,
  categories: null,
  subcategories: null,
  users: (eb) =>
    eb.and([
      eb('users.banned_at', 'is', null),
      eb.exists(
        eb
          .selectFrom('shop_employees')
          .innerJoin('products', 'products.shop_id', 'shop_employees.shop_id')
          .select('products.id')
          .whereRef('shop_employees.user_id', '=', 'users.id')
          .where('shop_employees.role', '=', 'owner')
          .where('products.type', '=', 'offer')
          .where(liveProduct()),
      ),
    ]),
};

/** The row's parent in its page's path: a subcategory's category. */
const PARENT: { [S in SitemapSection]: SectionExpression<S, number | null> } = {
  products: () => sql<null>`null`,
  shops: () => sql<null>`null`,
  categories: () => sql<null>`null`,
  subcategories: (eb) => eb.ref('pcategory_id'),
  users: () => sql<null>`null`,
};

/** Lowest and highest id of the section's table: the two ends of its primary key, no scan. */
export async function idBounds(
  db: Executor,
  section: SitemapSection,
): Promise<{ min: number; max: number } | null> {
  // Two reads of one end each: SQLite answers min() and max() from the index only one at a time.
  const end = (direction: 'asc' | 'desc') =>
    db
      .selectFrom(SECTION_TABLES[section])
      .select('id')
      .orderBy('id', direction)
      .limit(1)
      .executeTakeFirst();
  const [min, max] = [await end('asc'), await end('desc')];
  if (!min || !max) return null;
  return { min: Number(min.id), max: Number(max.id) };
}

/** The query of the section's public rows with after < id ≤ upTo, in id order, at most `limit`. */
export function rowsInQuery<S extends SitemapSection>(
  db: Executor,
  section: S,
  after: number,
  upTo: number,
  limit: number,
) {
  const eb = expressionBuilder<Database, SectionTable<S>>();
  const isPublic = PUBLIC[section];
  return db
    .selectFrom(SECTION_TABLES[section] as SectionTable)
    .select(['id', 'updated_at'])
    .select(PARENT[section](eb).as('pcategory_id'))
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .$if(isPublic !== null, (q) => q.where(isPublic!(eb)))
    .orderBy('id')
    .limit(limit);
}

/** The section's public rows with after < id ≤ upTo, in id order, at most `limit`. */
export async function rowsIn(
  db: Executor,
  section: SitemapSection,
  after: number,
  upTo: number,
  limit: number,
): Promise<SitemapRow[]> {
  const rows = await rowsInQuery(db, section, after, upTo, limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    updated_at: r.updated_at,
    pcategory_id: r.pcategory_id === null ? null : Number(r.pcategory_id),
  }));
}

/** Whether the range holds at least one public row (the first one found ends the scan). */
export async function hasRowsIn(
  db: Executor,
  section: SitemapSection,
  after: number,
  upTo: number,
): Promise<boolean> {
  return (await rowsIn(db, section, after, upTo, 1)).length > 0;
}

/** A category's names and its subcategories' (a category page's description). */
export function findCategory(db: Executor, id: number) {
  return db
    .selectFrom('pcategories')
    .select(['id', 'name', 'name_ar', 'name_fr', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function subcategoriesOf(db: Executor, pcategoryId: number) {
  return db
    .selectFrom('psubcategories')
    .select(['id', 'name', 'name_ar', 'name_fr'])
    .where('pcategory_id', '=', pcategoryId)
    .orderBy('order_number')
    .orderBy('id')
    .execute();
}

export function findSubcategory(db: Executor, pcategoryId: number, id: number) {
  return db
    .selectFrom('psubcategories')
    .select(['id', 'name', 'name_ar', 'name_fr'])
    .where('id', '=', id)
    .where('pcategory_id', '=', pcategoryId)
    .executeTakeFirst();
}
