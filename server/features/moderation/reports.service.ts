import type { DB, Executor } from '../../db/types';
import { isForeignKeyViolation } from '../../db/errors';
import { forbidden, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import {
  contactVerdict,
  hasContactSignal,
  type ModeratedType,
  type ModerationFlag,
  type ReportReason,
} from '../../../shared/domain/trust';
import { autoHideVerdict } from '../../../shared/domain/report-weight';
import { shopRoleOf } from '../shops/shops.repository';
import { loadVisibleCommand } from '../commands/command-visibility';
import { notify } from '../notifications/notify';
import * as holds from './holds.repository';
import * as weights from './report-weights.repository';
import * as reports from './reports.repository';

// Reports with a reason (issue 19 items 1 and 2): one per user and item, the offer's
// reports_count in the same transaction, and the auto-hide rule (shared/domain/trust.ts's
// reporter trust, weighed by shared/domain/report-weight.ts: issue 29 item 4).

/** An item that is not visible exists only for its author, its shop's staff and site staff. */
export async function canSeeTarget(
  db: Executor,
  target: holds.ModeratedTarget,
  viewer: AuthUser | null,
): Promise<boolean> {
  if (target.moderation_status === 'visible') return true;
  if (can.seeModerated(viewer, target)) return true;
  return (
    target.type === 'product' && !!viewer && !!(await shopRoleOf(db, target.shop_id, viewer.id))
  );
}

/** What the notification of a moderation outcome points at. */
export function notificationData(target: holds.ModeratedTarget) {
  return {
    product_id: target.product_id ?? undefined,
    ...(target.type === 'comment'
      ? { commentable_type: 'comment' as const, comment_id: target.id }
      : target.type === 'command'
        ? { command_id: target.id }
        : {}),
  };
}

/** Holds the item for review (automatic: no actor), logs it and tells its author. */
export async function holdForReview(
  trx: Executor,
  target: holds.ModeratedTarget,
  action: 'auto_hide' | 'hold',
  note: string | null = null,
): Promise<void> {
  await holds.setStatus(trx, target.type, target.id, 'review');
  await holds.insertLog(trx, { actorId: null, action, type: target.type, id: target.id, note });
  await notify(trx, 'moderation_review', null, [target.user_id], notificationData(target));
}

/** Puts an item in the queue with a flag (a scam signal), without reports. */
export async function flagItem(
  trx: Executor,
  target: { type: ModeratedType; id: number; authorId: number | null },
  flag: ModerationFlag,
): Promise<void> {
  const reportsCount = await reports.countReports(trx, target.type, target.id);
  await holds.touchQueue(trx, { ...target, reportsCount }, flag);
  await holds.insertLog(trx, {
    actorId: null,
    action: `flag_${flag}`,
    type: target.type,
    id: target.id,
  });
}

async function checkMayReport(trx: Executor, viewer: AuthUser, target: holds.ModeratedTarget) {
  if (!(await canSeeTarget(trx, target, viewer))) throw notFound();
  if (target.type === 'product') {
    // The shop's own staff do not report their own offers (DESIGN §6).
    if (!can.reportProduct(viewer, await shopRoleOf(trx, target.shop_id, viewer.id))) {
      throw forbidden();
    }
    return;
  }
  // A command (or a comment under one) is reportable by those who may see it; not one's own.
  if (target.command_id !== null) await loadVisibleCommand(trx, target.command_id, viewer);
  if (!can.reportItem(viewer, target)) throw forbidden();
}

/** Adds (or renews) the viewer's report; the item is auto-hidden once trusted reporters agree. */
export async function report(
  db: DB,
  viewer: AuthUser,
  type: ModeratedType,
  id: number,
  reason: ReportReason,
  text: string | null,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const target = await holds.findTarget(trx, type, id);
      if (!target) throw notFound();
      await checkMayReport(trx, viewer, target);
      await reports.upsertReport(trx, type, id, viewer.id, reason, text);
      const reportsCount = await reports.countReports(trx, type, id);
      await holds.touchQueue(trx, { type, id, authorId: target.user_id, reportsCount });
      let status = target.moderation_status;
      if (status === 'visible') status = await autoHide(trx, target, viewer.id);
      return { reason, reports_count: reportsCount, moderation_status: status };
    });
  } catch (error) {
    // The item was deleted while the report was being written.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * Issue 29 item 4 (shared/domain/report-weight.ts): enough trusted reporters, counted once per
 * shared address, hold the item for review; the item is in the queue already (touchQueue comes
 * first), so every automatic hide waits there for a moderator. A seller with history stays
 * visible: the moderator looks first (logged `auto_hide_review` once, when the reports reach it).
 */
async function autoHide(
  trx: Executor,
  target: holds.ModeratedTarget,
  reporterId: number,
): Promise<holds.ModeratedTarget['moderation_status']> {
  const reporters = await weights.openReportersWeighed(trx, target.type, target.id);
  const seller = await weights.sellerRecord(trx, target.user_id);
  const verdict = autoHideVerdict(reporters, seller);
  if (verdict === 'hide') {
    await holdForReview(trx, target, 'auto_hide');
    return 'review';
  }
  const others = reporters.filter((r) => r.user_id !== reporterId);
  if (verdict === 'review' && autoHideVerdict(others, seller) === 'none') {
    await holds.insertLog(trx, {
      actorId: null,
      action: 'auto_hide_review',
      type: target.type,
      id: target.id,
    });
  }
  return target.moderation_status;
}

/** SPEC's GET report/remove: the viewer's report of an offer is taken back. */
export async function afterReportRemoved(trx: Executor, productId: number): Promise<void> {
  await holds.setQueueCount(
    trx,
    'product',
    productId,
    await reports.countReports(trx, 'product', productId),
  );
}

/** Why an item is not visible, for its author and staff; null when it is visible. */
export async function moderationStateOf(
  db: Executor,
  type: ModeratedType,
  id: number,
  status: holds.ModeratedTarget['moderation_status'],
) {
  if (status === 'visible') return null;
  return {
    status,
    reasons: await reports.openReasons(db, type, id),
    flag: await holds.queueFlag(db, type, id),
  };
}

/**
 * Scam signal (issue 19 item 4): a new account's text with a phone number or a link is held for
 * review (not masked: docs/trust.md) and flagged in the queue. Runs in the writer's transaction.
 */
export async function holdContactFromNewAccount(
  trx: Executor,
  type: ModeratedType,
  id: number,
  authorId: number,
  ...texts: (string | null | undefined)[]
): Promise<boolean> {
  if (!hasContactSignal(...texts)) return false;
  const author = await weights.authorCreatedAt(trx, authorId);
  if (!author || contactVerdict(texts, author.created_at) === 'pass') return false;
  const target = await holds.findTarget(trx, type, id);
  // Already held, hidden by a moderator or banned: an edit does not change that.
  if (!target || target.moderation_status !== 'visible') return false;
  await flagItem(trx, { type, id, authorId }, 'contact_in_text');
  await holdForReview(trx, target, 'hold', 'contact_in_text');
  return true;
}
