import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { invalid, notFound } from '../../errors';
import type { PfieldCreateBody, PfieldUpdateBody } from '../../../shared/schemas/catalog';
import { findPsubcategory } from './psubcategories.repository';
import * as repo from './pfields.repository';
import { toPfield } from './catalog.mapper';

// Fields (SPEC §3, §7). Who may call the writes is checked by the routes (SPEC §6).

export async function pfieldsOf(db: DB, psubcategoryId: number) {
  if (!(await findPsubcategory(db, psubcategoryId))) throw notFound();
  return (await repo.listPfieldsOf(db, psubcategoryId)).map(toPfield);
}

export async function createPfield(db: DB, psubcategoryId: number, body: PfieldCreateBody) {
  return db.transaction().execute(async (trx) => {
    if (!(await findPsubcategory(trx, psubcategoryId))) throw notFound();
    if (await repo.pfieldNameTaken(trx, psubcategoryId, body.name)) {
      throw invalid('name', 'name_taken');
    }
    const at = now();
    const row = await repo.insertPfield(trx, {
      ...body,
      name_ar: body.name_ar ?? null,
      name_fr: body.name_fr ?? null,
      psubcategory_id: psubcategoryId,
      created_at: at,
      updated_at: at,
    });
    return toPfield(row);
  });
}

/** PUT keeps what the body leaves out (the name is always required). */
export async function updatePfield(db: DB, id: number, body: PfieldUpdateBody) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findPfield(trx, id);
    if (!current) throw notFound();
    if (await repo.pfieldNameTaken(trx, current.psubcategory_id, body.name, id)) {
      throw invalid('name', 'name_taken');
    }
    const row = await repo.updatePfield(trx, id, { ...body, updated_at: now() });
    return toPfield(row!);
  });
}

export async function deletePfield(db: DB, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findPfield(trx, id))) throw notFound();
    await repo.deletePfield(trx, id);
  });
}
