import type { Executor } from '../../db/types';

// The only Kysely code of the seo feature (issue 16 item 3). A sitemap file holds one section's
// rows whose ids fall in one fixed range (seo.service.ts): every query here is a range of the
// primary key, read in id order, never an OFFSET that walks the rows before it.

export const SITEMAP_SECTIONS = ['products', 'shops', 'categories', 'subcategories'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export interface SitemapRow {
  id: number;
  updated_at: string;
  /** A subcategory's category (its page's path names both). */
  pcategory_id: number | null;
}

/** Lowest and highest id of the section's table: the two ends of its primary key, no scan. */
export async function idBounds(
  db: Executor,
  section: SitemapSection,
): Promise<{ min: number; max: number } | null> {
  const table = {
    products: 'products',
    shops: 'shops',
    categories: 'pcategories',
    subcategories: 'psubcategories',
  } as const;
  // Two reads of one end each: SQLite answers min() and max() from the index only one at a time.
  const end = (direction: 'asc' | 'desc') =>
    db.selectFrom(table[section]).select('id').orderBy('id', direction).limit(1).executeTakeFirst();
  const [min, max] = [await end('asc'), await end('desc')];
  if (!min || !max) return null;
  return { min: Number(min.id), max: Number(max.id) };
}

/**
 * The section's public rows with after < id ≤ upTo, in id order, at most `limit`. Offers and
 * demands: only those anyone may see (issue 19: held, hidden and a banned author's are not);
 * deleted ones are gone from the table.
 */
export async function rowsIn(
  db: Executor,
  section: SitemapSection,
  after: number,
  upTo: number,
  limit: number,
): Promise<SitemapRow[]> {
  const rows = await (() => {
    switch (section) {
      case 'products':
        return db
          .selectFrom('products')
          .select(['id', 'updated_at'])
          .where('id', '>', after)
          .where('id', '<=', upTo)
          .where('moderation_status', '=', 'visible')
          .orderBy('id')
          .limit(limit)
          .execute();
      case 'shops':
        return db
          .selectFrom('shops')
          .select(['id', 'updated_at'])
          .where('id', '>', after)
          .where('id', '<=', upTo)
          .orderBy('id')
          .limit(limit)
          .execute();
      case 'categories':
        return db
          .selectFrom('pcategories')
          .select(['id', 'updated_at'])
          .where('id', '>', after)
          .where('id', '<=', upTo)
          .orderBy('id')
          .limit(limit)
          .execute();
      case 'subcategories':
        return db
          .selectFrom('psubcategories')
          .select(['id', 'updated_at', 'pcategory_id'])
          .where('id', '>', after)
          .where('id', '<=', upTo)
          .orderBy('id')
          .limit(limit)
          .execute();
    }
  })();
  return rows.map((r) => ({
    id: Number(r.id),
    updated_at: r.updated_at,
    pcategory_id: 'pcategory_id' in r ? Number(r.pcategory_id) : null,
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
