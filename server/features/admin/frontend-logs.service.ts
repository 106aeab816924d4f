import type { DB, Executor } from '../../db/types';
import { tooMany } from '../../errors';
import { now } from '../../db/connect';
import { FRONTEND_LOGS_QUOTA, LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { FrontendLog } from '../../../shared/schemas/admin';
import * as repo from './frontend-logs.repository';

/**
 * Anyone may write logs (rate-limited per address by the route), so what is kept is bounded per
 * source and in all (FRONTEND_LOGS_QUOTA, issue 14 item 11). A source is the signed-in user, else
 * the address: past its quota it loses its own oldest logs. When the table is full a new log is
 * refused (429) rather than pushing out others' logs; the housekeeping timer frees room by age.
 */
export async function recordFrontendLog(
  db: DB,
  from: { userId: number | null; address: string },
  text: string,
) {
  const source = from.userId !== null ? `user:${from.userId}` : `ip:${from.address}`;
  await db.transaction().execute(async (trx) => {
    if ((await repo.countFrontendLogs(trx)) >= FRONTEND_LOGS_QUOTA.total) {
      throw tooMany(3600);
    }
    await repo.insertFrontendLog(trx, { user_id: from.userId, text, created_at: now(), source });
    await repo.pruneSourceLogs(trx, source, FRONTEND_LOGS_QUOTA.perSource);
  });
}

/** Logs past FRONTEND_LOGS_QUOTA.maxAgeDays go, oldest first (the housekeeping timer). */
export function pruneOldFrontendLogs(db: Executor, at = Date.now()): Promise<number> {
  const before = new Date(at - FRONTEND_LOGS_QUOTA.maxAgeDays * 86_400_000).toISOString();
  return repo.pruneFrontendLogsBefore(db, before);
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
