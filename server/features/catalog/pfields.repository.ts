import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor, PfieldRow, PfieldsTable } from '../../db/types';
import { sameName } from './catalog.repository';

/**
 * A subcategory's fields in display order: position first, second, third (SPEC §3), then in the
 * order they were made (fields have no order_number; a model follows its brand).
 */
export function listPfieldsOf(db: Executor, psubcategoryId: number): Promise<PfieldRow[]> {
  return db
    .selectFrom('pfields')
    .selectAll()
    .where('psubcategory_id', '=', psubcategoryId)
    .orderBy(sql`case position when 'first' then 1 when 'second' then 2 else 3 end`)
    .orderBy('id')
    .execute();
}

export function findPfield(db: Executor, id: number): Promise<PfieldRow | undefined> {
  return db.selectFrom('pfields').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pfieldNameTaken(
  db: Executor,
  psubcategoryId: number,
  name: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('pfields')
    .select('id')
    .where('psubcategory_id', '=', psubcategoryId)
    .where(sameName(name));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function insertPfield(db: Executor, values: Insertable<PfieldsTable>): Promise<PfieldRow> {
  return db.insertInto('pfields').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePfield(
  db: Executor,
  id: number,
  changes: Updateable<PfieldsTable>,
): Promise<PfieldRow | undefined> {
  return db
    .updateTable('pfields')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Products' values for it go with it (FK cascade on product_pfield). */
export async function deletePfield(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('pfields').where('id', '=', id).execute();
}
