import type { DB } from '../../db/types';
import { isForeignKeyViolation } from '../../db/errors';
import { forbidden, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import * as repo from './products.repository';
import * as saves from './saves.repository';

// Saves and reports (SPEC §4, §7): once per user, the counter in the same transaction.

/** A product deleted while a save or report of it was being written: it is gone, 404. */
async function orGone<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

export async function setSaved(db: DB, viewer: AuthUser, id: number, saved: boolean) {
  const saved_count = await orGone(
    db.transaction().execute(async (trx) => {
      if (!(await repo.findProduct(trx, id))) throw notFound();
      return saved
        ? saves.addMark(trx, 'saves', viewer.id, id)
        : saves.removeMark(trx, 'saves', viewer.id, id);
    }),
  );
  return { saved_count, saved };
}

export async function setReported(db: DB, viewer: AuthUser, id: number, reported: boolean) {
  const reports_count = await orGone(
    db.transaction().execute(async (trx) => {
      const product = await repo.findProduct(trx, id);
      if (!product) throw notFound();
      if (reported) {
        // The shop's own staff do not report their own offers (DESIGN §6).
        if (!can.reportProduct(viewer, await repo.shopRoleOf(trx, product.shop_id, viewer.id))) {
          throw forbidden();
        }
        return saves.addMark(trx, 'reports', viewer.id, id);
      }
      return saves.removeMark(trx, 'reports', viewer.id, id);
    }),
  );
  return { reports_count, reported };
}
