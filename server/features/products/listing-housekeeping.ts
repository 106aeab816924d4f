import type { DB, Dialect } from '../../db/types';
import type { Media } from '../../media/media';
import { whileHoldingTryLock } from '../../backup/backup-lock.repository';
import { shopManagerIds } from '../commands/commands.repository';
import { notify } from '../notifications/notify';
import { LISTING_HOUSEKEEPING_BATCH, LISTING_NOTICE_DAYS } from '../../../shared/constants';
import { DAY_MS } from '../../../shared/domain/listing';
import * as repo from './lifecycle.repository';
import { pruneEndedBumps } from '../search/search-bumps.repository';
import { ExpirySmsQueue, type ListingSms } from './listing-sms';

// The listing lifecycle's scheduled work (issue 32, DESIGN §12, docs/lifecycle.md). Expiry itself
// needs none (lists read expires_at); this only tells owners before the end, deletes what ended
// long ago and takes the offers that ended out of search's index of bumps (SQLite, issue 30).
// Batches of LISTING_HOUSEKEEPING_BATCH, each in its own transaction. Every process's
// housekeeping timer calls it; on PostgreSQL one process at a time runs it (an advisory lock
// tried, never waited for), and each notice is claimed by a guarded UPDATE besides, so that no
// owner is told twice of one period.

/** The advisory lock key of the listing housekeeping (beside BACKUP_LOCK_KEY). */
export const LISTING_LOCK_KEY = 1_786_320_025;

export interface ListingHousekeeping {
  db: DB;
  dialect: Dialect;
  media: Media;
  purgeDays: number;
  /** SMS alerts of the notices (to those who turned them on); none without it. */
  sms?: ListingSms;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `listing_expiring` to the poster and the shop's managers, once per period; how many told. With
 * `sms`, those of them who turned SMS alerts on get a text too, once the notices are committed.
 */
export async function noticeExpiring(db: DB, at: number, sms?: ListingSms): Promise<number> {
  const soon = iso(at + LISTING_NOTICE_DAYS * DAY_MS);
  let after = { expires: iso(at), id: 0 };
  let told = 0;
  const texts = new ExpirySmsQueue();
  try {
    for (;;) {
      const batch = await repo.expiringWithoutNotice(db, soon, after, LISTING_HOUSEKEEPING_BATCH);
      if (!batch.length) return told;
      told += await db.transaction().execute(async (trx) => {
        let claimed = 0;
        for (const p of batch) {
          if (!(await repo.claimNotice(trx, p.id, p.expires_at))) continue;
          const recipients = [p.user_id, ...(await shopManagerIds(trx, p.shop_id))];
          await notify(trx, 'listing_expiring', null, recipients, {
            product_id: p.id,
            type: p.type,
          });
          if (sms) await texts.add(trx, recipients, p);
          claimed += 1;
        }
        return claimed;
      });
      texts.commit();
      const last = batch[batch.length - 1];
      after = { expires: last.expires_at, id: last.id };
    }
  } finally {
    // The notices committed so far are claimed (never sent again): their texts go now, even if
    // a later batch failed; those of a failed batch were dropped with it.
    texts.rollback();
    if (sms) await texts.send(db, sms, at);
  }
}

/** Deletes what ended more than `purgeDays` ago, with its media; how many went. */
export async function purgeExpired(
  db: DB,
  media: Media,
  purgeDays: number,
  at: number,
): Promise<number> {
  const cutoff = iso(at - purgeDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const ids = await repo.endedBefore(db, cutoff, LISTING_HOUSEKEEPING_BATCH);
    if (!ids.length) return purged;
    const { count, names } = await db
      .transaction()
      .execute((trx) => repo.deleteEnded(trx, ids, cutoff));
    purged += count;
    // Only once the rows are gone for good.
    await media.removeFiles(names);
  }
}

/** All three, under the lock on PostgreSQL; null when another process holds it. */
export async function runListingHousekeeping(
  deps: ListingHousekeeping,
  at = Date.now(),
): Promise<{ noticed: number; purged: number; bumpsPruned: number } | null> {
  const work = async () => ({
    noticed: await noticeExpiring(deps.db, at, deps.sms),
    purged: await purgeExpired(deps.db, deps.media, deps.purgeDays, at),
    // Issue 30: the ended offers out of the search's index of bumped offers (SQLite).
    bumpsPruned: await pruneEndedBumps(deps.db, deps.dialect, at),
  });
  if (deps.dialect !== 'postgres') return work();
  return whileHoldingTryLock(deps.db, LISTING_LOCK_KEY, work);
}
