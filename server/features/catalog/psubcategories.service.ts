import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { HttpError, invalid, notFound } from '../../errors';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type {
  PsubcategoryCreateBody,
  PsubcategoryUpdateBody,
} from '../../../shared/schemas/catalog';
import { isForeignKeyViolation } from '../../db/errors';
import { productsUse } from './catalog.repository';
import { findPcategory } from './pcategories.repository';
import * as repo from './psubcategories.repository';
import { changedFields, recordAudit } from '../admin/audit.service';
import { reindexSubcategories } from '../search/search-index';
import { toPsubcategory } from './catalog.mapper';

// Subcategories (SPEC §3, §5, §7). Who may call the writes is checked by the routes (SPEC §6).

const subcategoryInUse = () => new HttpError(422, { global: ['subcategory_in_use'] });

export async function psubcategoriesOf(db: DB, pcategoryId: number) {
  if (!(await findPcategory(db, pcategoryId))) throw notFound();
  return (await repo.listPsubcategoriesOf(db, pcategoryId)).map(toPsubcategory);
}

export async function paginatePsubcategories(db: DB, page: number) {
  const { rows, total } = await repo.pagePsubcategories(db, page, LIST_PAGE_SIZE);
  return toPagination(rows.map(toPsubcategory), total, page, LIST_PAGE_SIZE);
}

export async function createPsubcategory(
  db: DB,
  actorId: number,
  pcategoryId: number,
  body: PsubcategoryCreateBody,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await findPcategory(trx, pcategoryId))) throw notFound();
    if (await repo.psubcategoryNameTaken(trx, pcategoryId, body.name)) {
      throw invalid('name', 'name_taken');
    }
    const at = now();
    const id = await repo.insertPsubcategory(trx, {
      ...body,
      name_ar: body.name_ar ?? null,
      name_fr: body.name_fr ?? null,
      pcategory_id: pcategoryId,
      created_at: at,
      updated_at: at,
    });
    const created = toPsubcategory((await repo.findPsubcategory(trx, id))!);
    await recordAudit(trx, {
      actorId,
      action: 'psubcategory.create',
      targetType: 'psubcategory',
      targetId: id,
      after: created,
    });
    return created;
  });
}

/** What an update's audit entry compares (issue 34 item 4). */
const AUDITED = [
  'name',
  'name_ar',
  'name_fr',
  'pcategory_id',
  'order_number',
  'can_be_used',
  'can_be_rented',
  'can_be_delivered',
  'can_be_priced',
  'can_be_counted',
  'mesure_unit',
] as const;

/** PUT keeps what the body leaves out; `pcategory_id` moves it to another category. */
export async function updatePsubcategory(
  db: DB,
  actorId: number,
  id: number,
  body: PsubcategoryUpdateBody,
) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findPsubcategory(trx, id);
    if (!current) throw notFound();
    const pcategoryId = body.pcategory_id ?? current.pcategory_id;
    if (pcategoryId !== current.pcategory_id && !(await findPcategory(trx, pcategoryId))) {
      throw invalid('pcategory_id');
    }
    if (await repo.psubcategoryNameTaken(trx, pcategoryId, body.name, id)) {
      throw invalid('name', 'name_taken');
    }
    await repo.updatePsubcategory(trx, id, { ...body, updated_at: now() });
    const updated = (await repo.findPsubcategory(trx, id))!;
    // Its names and its category's are in its products' search index (docs/search.md): renamed
    // or moved, they follow.
    const keys = ['name', 'name_ar', 'name_fr', 'pcategory_id'] as const;
    if (keys.some((k) => current[k] !== updated[k])) await reindexSubcategories(trx, [id]);
    const changes = changedFields(current, updated, AUDITED);
    if (changes) {
      await recordAudit(trx, {
        actorId,
        action: 'psubcategory.update',
        targetType: 'psubcategory',
        targetId: id,
        ...changes,
      });
    }
    return toPsubcategory(updated);
  });
}

/** Refused while products use it; otherwise it goes with its fields. */
export async function deletePsubcategory(db: DB, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findPsubcategory(trx, id);
      if (!current) throw notFound();
      if (await productsUse(trx, { psubcategoryId: id })) throw subcategoryInUse();
      await repo.deletePsubcategory(trx, id);
      await recordAudit(trx, {
        actorId,
        action: 'psubcategory.delete',
        targetType: 'psubcategory',
        targetId: id,
        before: toPsubcategory(current),
      });
    });
  } catch (error) {
    // A product was posted between the check and the delete: the foreign key refused it.
    if (isForeignKeyViolation(error)) throw subcategoryInUse();
    throw error;
  }
}
