import { sql } from 'kysely';
import type { Executor } from '../../db/types';

// Queries the three catalogue levels share.

/** Case-insensitive name comparison, done by the engine on both sides. */
export const sameName = (name: string) => sql<boolean>`lower(name) = lower(${name})`;

/** Whether any product sits in one of these subcategories (or in any of this category's). */
export async function productsUse(
  db: Executor,
  where: { pcategoryId: number } | { psubcategoryId: number },
): Promise<boolean> {
  let q = db.selectFrom('products').select('products.id').limit(1);
  if ('pcategoryId' in where) {
    q = q
      .innerJoin('psubcategories', 'psubcategories.id', 'products.psubcategory_id')
      .where('psubcategories.pcategory_id', '=', where.pcategoryId);
  } else {
    q = q.where('products.psubcategory_id', '=', where.psubcategoryId);
  }
  return !!(await q.executeTakeFirst());
}
