import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { FrontendLog } from '../../../shared/schemas/admin';
import * as repo from './frontend-logs.repository';

/**
 * Anyone may write logs (rate-limited per address by the route), so the table is capped: past
 * this many, the oldest go. At most 16 KB each, that bounds it near 160 MB.
 */
export const FRONTEND_LOGS_KEPT = 10_000;

export async function recordFrontendLog(db: DB, userId: number | null, text: string) {
  await db.transaction().execute(async (trx) => {
    const id = await repo.insertFrontendLog(trx, { user_id: userId, text, created_at: now() });
    await repo.pruneFrontendLogs(trx, id, FRONTEND_LOGS_KEPT);
  });
}

function toFrontendLog(row: repo.FrontendLogRow): FrontendLog {
  return {
    id: row.id,
    user:
      row.user_id !== null && row.first_name !== null
        ? {
            id: row.user_id,
            first_name: row.first_name,
            last_name: row.last_name ?? '',
            phone_1: row.phone_1 ?? '',
          }
        : null,
    creation_date: row.created_at,
    text: row.text,
  };
}

export async function paginateFrontendLogs(db: DB, page: number) {
  const { rows, total } = await repo.pageFrontendLogs(db, page, LIST_PAGE_SIZE);
  return toPagination(rows.map(toFrontendLog), total, page, LIST_PAGE_SIZE);
}
