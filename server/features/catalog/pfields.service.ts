import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { invalid, notFound } from '../../errors';
import type { PfieldCreateBody, PfieldUpdateBody } from '../../../shared/schemas/catalog';
import { findPsubcategory } from './psubcategories.repository';
import * as repo from './pfields.repository';
import { toPfield } from './catalog.mapper';
import { changedFields, recordAudit } from '../admin/audit.service';

// Fields (SPEC §3, §7). Who may call the writes is checked by the routes (SPEC §6); each write is
// in the audit trail under `actorId` (issue 34 item 4).

export async function pfieldsOf(db: DB, psubcategoryId: number) {
  if (!(await findPsubcategory(db, psubcategoryId))) throw notFound();
  return (await repo.listPfieldsOf(db, psubcategoryId)).map(toPfield);
}

export async function createPfield(
  db: DB,
  actorId: number,
  psubcategoryId: number,
  body: PfieldCreateBody,
) {
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
    const pfield = toPfield(row);
    await recordAudit(trx, {
      actorId,
      action: 'pfield.create',
      targetType: 'pfield',
      targetId: row.id,
      after: pfield,
    });
    return pfield;
  });
}

/** PUT keeps what the body leaves out (the name is always required). */
export async function updatePfield(db: DB, actorId: number, id: number, body: PfieldUpdateBody) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findPfield(trx, id);
    if (!current) throw notFound();
    if (await repo.pfieldNameTaken(trx, current.psubcategory_id, body.name, id)) {
      throw invalid('name', 'name_taken');
    }
    const row = await repo.updatePfield(trx, id, { ...body, updated_at: now() });
    const [before, after] = [toPfield(current), toPfield(row!)];
    const changes = changedFields(before, after, [
      'name',
      'name_ar',
      'name_fr',
      'translated',
      'type',
      'mesure_unit',
      'position',
      'values',
    ]);
    if (changes) {
      await recordAudit(trx, {
        actorId,
        action: 'pfield.update',
        targetType: 'pfield',
        targetId: id,
        ...changes,
      });
    }
    return after;
  });
}

export async function deletePfield(db: DB, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findPfield(trx, id);
    if (!current) throw notFound();
    await repo.deletePfield(trx, id);
    await recordAudit(trx, {
      actorId,
      action: 'pfield.delete',
      targetType: 'pfield',
      targetId: id,
      before: toPfield(current),
    });
  });
}
