import type { DB } from '../../db/types';
import { isForeignKeyViolation } from '../../db/errors';
import { notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import * as repo from './products.repository';
import * as saves from './saves.repository';
import { afterReportRemoved, report } from '../moderation/reports.service';
import { DEFAULT_REPORT_REASON } from '../../../shared/domain/trust';

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
  if (reported) {
    // SPEC's GET report/add is a report without a reason (issue 19): `other`, and auto-hide applies.
    const added = await report(db, viewer, 'product', id, DEFAULT_REPORT_REASON, null);
    return { reports_count: added.reports_count, reported };
  }
  const reports_count = await orGone(
    db.transaction().execute(async (trx) => {
      if (!(await repo.findProduct(trx, id))) throw notFound();
      const count = await saves.removeMark(trx, 'reports', viewer.id, id);
      await afterReportRemoved(trx, id);
      return count;
    }),
  );
  return { reports_count, reported };
}
