import type { DB, Executor } from '../../db/types';
import { now } from '../../db/connect';
import {
  FRONTEND_LOG_MAX_BYTES,
  FRONTEND_LOGS_QUOTA,
  LIST_PAGE_SIZE,
} from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { FrontendLog } from '../../../shared/schemas/admin';
import * as repo from './frontend-logs.repository';

/**
 * Anyone may write logs (rate-limited per address by the route), so what is kept is bounded per
 * source and in all, in logs and in bytes (FRONTEND_LOGS_QUOTA; issue 14 item 11, issue 29 item
 * 10). A source is the signed-in user, else the address's limit key (clientLimitKey: an IPv6 /64
 * is one source): past its quota it loses its own oldest logs. Past the table's quota the
 * biggest sources lose their oldest (evictBiggest): a flood from many addresses only ever pushes
 * out its own logs, and a new log is always taken (before, a full table refused every log for up
 * to 30 days).
 */
export async function recordFrontendLog(
  db: DB,
  from: { userId: number | null; address: string },
  text: string,
) {
  const source = from.userId !== null ? `user:${from.userId}` : `ip:${from.address}`;
  await db.transaction().execute(async (trx) => {
    await repo.insertFrontendLog(trx, { user_id: from.userId, text, created_at: now(), source });
    const { perSource, perSourceBytes } = FRONTEND_LOGS_QUOTA;
    await keepNewest(trx, source, perSource, perSourceBytes);
    // The count is an index count; the bytes need every row read (about 20 ms at 10,000 logs),
    // so this process adds them up on one log in BYTES_CHECK_EVERY only: the budget may be passed
    // by a few logs between checks.
    logsSinceBytesCheck += 1;
    const checkBytes = logsSinceBytesCheck >= BYTES_CHECK_EVERY;
    if (checkBytes) logsSinceBytesCheck = 0;
    const over =
      (await repo.countFrontendLogs(trx)) > FRONTEND_LOGS_QUOTA.total ||
      (checkBytes && (await repo.frontendLogTotals(trx)).bytes > FRONTEND_LOGS_QUOTA.totalBytes);
    if (over) await evictBiggest(trx);
  });
}

const BYTES_CHECK_EVERY = 16;
let logsSinceBytesCheck = 0;
/** Eviction brings the table down to this share of its quota, so that it runs once in a while. */
const EVICT_TO = 0.9;

/** The source's newest logs within `maxLogs` and `maxBytes` stay (its newest always). */
async function keepNewest(trx: Executor, source: string, maxLogs: number, maxBytes: number) {
  const newest = await repo.sourceLogSizes(trx, source, 'newest', maxLogs + 1);
  let kept = 0;
  let bytes = 0;
  for (const log of newest) {
    if (kept > 0 && (kept === maxLogs || bytes + log.bytes > maxBytes)) {
      await repo.deleteSourceLogsThrough(trx, source, log.id);
      return;
    }
    kept += 1;
    bytes += log.bytes;
  }
}

/** The largest level such that no source above it, cut to it, leaves more than `target` in all. */
function level(sizes: number[], target: number): number {
  let low = 0;
  let high = Math.max(0, ...sizes);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const kept = sizes.reduce((sum, size) => sum + Math.min(size, mid), 0);
    if (kept <= target) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Brings the table down to EVICT_TO of its quota by cutting the biggest sources down to a common
 * level (in logs and in bytes), oldest logs first: the sources under the level keep all theirs.
 * Only when there are so many sources that the level would be under one log do the oldest logs
 * of all go instead.
 */
async function evictBiggest(trx: Executor) {
  const sources = await repo.sourceTotals(trx);
  const maxLogs = level(
    sources.map((s) => s.logs),
    Math.floor(FRONTEND_LOGS_QUOTA.total * EVICT_TO),
  );
  const bytes = sources.map((s) => s.bytes);
  const byteTarget = Math.floor(FRONTEND_LOGS_QUOTA.totalBytes * EVICT_TO);
  const withinBytes = bytes.reduce((sum, b) => sum + b, 0) <= byteTarget;
  const maxBytes = withinBytes ? Infinity : level(bytes, byteTarget);
  // A level under one log (more sources than room): the oldest logs of all go instead.
  if (maxLogs < 1 || maxBytes < FRONTEND_LOG_MAX_BYTES) {
    const logs = await repo.countFrontendLogs(trx);
    const excess = logs - Math.floor(FRONTEND_LOGS_QUOTA.total * EVICT_TO);
    await repo.deleteOldest(trx, Math.max(excess, Math.ceil(logs * (1 - EVICT_TO))));
    return;
  }
  for (const s of sources) {
    if (s.logs > maxLogs || s.bytes > maxBytes) await keepNewest(trx, s.source, maxLogs, maxBytes);
  }
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
