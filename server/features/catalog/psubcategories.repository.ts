import type { Insertable, Updateable } from 'kysely';
import type { Executor, PsubcategoriesTable } from '../../db/types';
import { sameName } from './catalog.repository';
import type { PsubcategoryWithCategory } from './catalog.mapper';

// Subcategories come with their category's name (SPEC §7's `pcategory`).

function withCategory(db: Executor) {
  return db
    .selectFrom('psubcategories')
    .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
    .selectAll('psubcategories')
    .select('pcategories.name as pcategory_name');
}

/** One category's subcategories: order_number, then name. */
export function listPsubcategoriesOf(
  db: Executor,
  pcategoryId: number,
): Promise<PsubcategoryWithCategory[]> {
  return withCategory(db)
    .where('psubcategories.pcategory_id', '=', pcategoryId)
    .orderBy('psubcategories.order_number')
    .orderBy('psubcategories.name')
    .orderBy('psubcategories.id')
    .execute();
}

/** Every subcategory, grouped by category in the categories' own order. */
export async function pagePsubcategories(db: Executor, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    withCategory(db)
      .orderBy('pcategories.order_number')
      .orderBy('pcategories.name')
      .orderBy('pcategories.id')
      .orderBy('psubcategories.order_number')
      .orderBy('psubcategories.name')
      .orderBy('psubcategories.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('psubcategories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findPsubcategory(
  db: Executor,
  id: number,
): Promise<PsubcategoryWithCategory | undefined> {
  return withCategory(db).where('psubcategories.id', '=', id).executeTakeFirst();
}

export async function psubcategoryNameTaken(
  db: Executor,
  pcategoryId: number,
  name: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('psubcategories')
    .select('id')
    .where('pcategory_id', '=', pcategoryId)
    .where(sameName(name));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertPsubcategory(
  db: Executor,
  values: Insertable<PsubcategoriesTable>,
): Promise<number> {
  const row = await db
    .insertInto('psubcategories')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePsubcategory(
  db: Executor,
  id: number,
  changes: Updateable<PsubcategoriesTable>,
): Promise<void> {
  await db.updateTable('psubcategories').set(changes).where('id', '=', id).execute();
}

/** Its fields (and the products' values for them) go with it (FK cascades). */
export async function deletePsubcategory(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('psubcategories').where('id', '=', id).execute();
}
