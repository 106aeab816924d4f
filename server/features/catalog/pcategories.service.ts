import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { HttpError, invalid, notFound } from '../../errors';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { PcategoryCreateBody, PcategoryUpdateBody } from '../../../shared/schemas/catalog';
import { isForeignKeyViolation } from '../../db/errors';
import { productsUse } from './catalog.repository';
import * as repo from './pcategories.repository';
import { toPcategory } from './catalog.mapper';
import { reindexCategory } from '../search/search-index';
import { changedFields, recordAudit } from '../admin/audit.service';

// Categories (SPEC §3, §5, §7). Who may call the writes is checked by the routes (SPEC §6); each
// write is in the audit trail under `actorId` (issue 34 item 4).

export const categoryInUse = () => new HttpError(422, { global: ['category_in_use'] });

export async function allPcategories(db: DB) {
  return (await repo.listPcategories(db)).map(toPcategory);
}

export async function paginatePcategories(db: DB, page: number) {
  const { rows, total } = await repo.pagePcategories(db, page, LIST_PAGE_SIZE);
  return toPagination(rows.map(toPcategory), total, page, LIST_PAGE_SIZE);
}

export async function createPcategory(db: DB, actorId: number, body: PcategoryCreateBody) {
  return db.transaction().execute(async (trx) => {
    if (await repo.pcategoryNameTaken(trx, body.name)) throw invalid('name', 'name_taken');
    const at = now();
    const row = await repo.insertPcategory(trx, {
      name: body.name,
      name_ar: body.name_ar ?? null,
      name_fr: body.name_fr ?? null,
      order_number: body.order_number,
      created_at: at,
      updated_at: at,
    });
    const pcategory = toPcategory(row);
    await recordAudit(trx, {
      actorId,
      action: 'pcategory.create',
      targetType: 'pcategory',
      targetId: row.id,
      after: pcategory,
    });
    return pcategory;
  });
}

/** PUT keeps what the body leaves out (the name is always required). */
export async function updatePcategory(
  db: DB,
  actorId: number,
  id: number,
  body: PcategoryUpdateBody,
) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findPcategory(trx, id);
    if (!current) throw notFound();
    if (await repo.pcategoryNameTaken(trx, body.name, id)) throw invalid('name', 'name_taken');
    const row = await repo.updatePcategory(trx, id, {
      name: body.name,
      name_ar: body.name_ar,
      name_fr: body.name_fr,
      order_number: body.order_number,
      updated_at: now(),
    });
    // Its names are in its products' search index (docs/search.md): renamed, they follow.
    if (['name', 'name_ar', 'name_fr'].some((k) => current[k as 'name'] !== row![k as 'name'])) {
      await reindexCategory(trx, id);
    }
    const [before, after] = [toPcategory(current), toPcategory(row!)];
    const changes = changedFields(before, after, ['name', 'name_ar', 'name_fr', 'order_number']);
    if (changes) {
      await recordAudit(trx, {
        actorId,
        action: 'pcategory.update',
        targetType: 'pcategory',
        targetId: id,
        ...changes,
      });
    }
    return after;
  });
}

/** Refused while products use any of its subcategories; otherwise it goes with its children. */
export async function deletePcategory(db: DB, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findPcategory(trx, id);
      if (!current) throw notFound();
      if (await productsUse(trx, { pcategoryId: id })) throw categoryInUse();
      await repo.deletePcategory(trx, id);
      await recordAudit(trx, {
        actorId,
        action: 'pcategory.delete',
        targetType: 'pcategory',
        targetId: id,
        before: toPcategory(current),
      });
    });
  } catch (error) {
    // A product was posted between the check and the delete: the foreign key refused it.
    if (isForeignKeyViolation(error)) throw categoryInUse();
    throw error;
  }
}
