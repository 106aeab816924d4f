import type { Insertable, Updateable } from 'kysely';
import type { Executor, PcategoriesTable, PcategoryRow } from '../../db/types';
import { sameName } from './catalog.repository';

// SPEC §7 lists: order_number, then name (id breaks ties so pages never overlap).

export function listPcategories(db: Executor): Promise<PcategoryRow[]> {
  return db
    .selectFrom('pcategories')
    .selectAll()
    .orderBy('order_number')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function pagePcategories(db: Executor, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('pcategories')
      .selectAll()
      .orderBy('order_number')
      .orderBy('name')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('pcategories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findPcategory(db: Executor, id: number): Promise<PcategoryRow | undefined> {
  return db.selectFrom('pcategories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pcategoryNameTaken(db: Executor, name: string, exceptId?: number) {
  let q = db.selectFrom('pcategories').select('id').where(sameName(name));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function insertPcategory(
  db: Executor,
  values: Insertable<PcategoriesTable>,
): Promise<PcategoryRow> {
  return db.insertInto('pcategories').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePcategory(
  db: Executor,
  id: number,
  changes: Updateable<PcategoriesTable>,
): Promise<PcategoryRow | undefined> {
  return db
    .updateTable('pcategories')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Its subcategories and their fields go with it (FK cascades). */
export async function deletePcategory(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pcategories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
