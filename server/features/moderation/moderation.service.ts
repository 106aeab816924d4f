import type { DB, Executor } from '../../db/types';
import { forbidden, HttpError, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination } from '../../../shared/schemas/common';
import type { ModeratedType } from '../../../shared/domain/trust';
import type {
  ModerationActionBody,
  ModerationItem,
  ModerationLogEntry,
  ModerationQuery,
} from '../../../shared/schemas/trust';
import { notify } from '../notifications/notify';
import type { Deps as ProductDeps } from '../products/products.service';
import { announceProductById, remove as removeProduct } from '../products/products.service';
import { announceComment, removeInModeration as removeComment } from '../comments/comments.service';
import {
  announceCommandById,
  removeInModeration as removeCommand,
} from '../commands/commands.service';
import { removeRating } from '../ratings/ratings.repository';
import { announceRating } from '../ratings/ratings.service';
import * as announcements from './announcements.repository';
import * as holds from './holds.repository';
import * as reports from './reports.repository';
import * as repo from './moderation.repository';
import { notificationData } from './reports.service';
import { recordAudit } from '../admin/audit.service';

// The moderation queue (issue 19 item 3): site admins and moderators read reported, held and
// flagged items with their reports, and hide, restore, delete or dismiss; they ban and unban
// accounts. Every action is in the audit log; the author is told the outcome.

/** Reports shown with each item of the queue (the newest). */
const REPORTS_PER_ITEM = 20;

function requireModerator(viewer: AuthUser) {
  if (!can.moderate(viewer)) throw forbidden();
}

type PersonRow = {
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  user_created_at: string | null;
  banned_at: string | null;
};
const toPerson = (r: PersonRow) =>
  r.user_id === null
    ? null
    : {
        id: r.user_id,
        first_name: r.first_name ?? '',
        last_name: r.last_name ?? '',
        created_at: r.user_created_at ?? '',
        banned: !!r.banned_at,
      };

async function toItem(
  db: Executor,
  row: NonNullable<Awaited<ReturnType<typeof repo.queueRow>>> | null,
  type: ModeratedType,
  id: number,
): Promise<ModerationItem> {
  const [detail, rows] = await Promise.all([
    repo.itemDetail(db, type, id),
    reports
      .countReports(db, type, id)
      .then((n) => (n ? repo.reportsOf(db, type, id, REPORTS_PER_ITEM) : [])),
  ]);
  return {
    type,
    id,
    product_id: detail?.product_id ?? null,
    title: detail?.title ?? null,
    text: detail?.text ?? null,
    moderation_status: detail?.moderation_status ?? null,
    pending: !!row?.pending,
    flag: row?.flag ?? null,
    reports_count: row?.reports_count ?? rows.length,
    last_event_at: row?.last_event_at ?? '',
    author: detail ? toPerson(detail) : null,
    reports: rows.map((r) => ({
      reason: r.reason,
      text: r.text,
      status: r.status,
      created_at: r.created_at,
      reporter: toPerson(r),
    })),
  };
}

export async function queue(db: DB, viewer: AuthUser, q: ModerationQuery) {
  requireModerator(viewer);
  const { rows, total } = await repo.queuePage(db, {
    filter: q.status,
    sort: q.sort,
    limit: LIST_PAGE_SIZE,
    offset: (q.page - 1) * LIST_PAGE_SIZE,
  });
  const items = await Promise.all(rows.map((row) => toItem(db, row, row.type, row.id)));
  return toPagination(items, total, q.page, LIST_PAGE_SIZE);
}

/** What a released item tells of itself when its creation was held (DESIGN §6's recipients). */
const ANNOUNCE = {
  product: announceProductById,
  comment: announceComment,
  command: announceCommandById,
  rating: announceRating,
} as const;

/** A moderator's delete of what is not an offer (an offer goes with its files, after). */
const REMOVE = { comment: removeComment, command: removeCommand, rating: removeRating } as const;

const OUTCOME_KIND = {
  hide: 'moderation_hidden',
  restore: 'moderation_restored',
  delete: 'moderation_deleted',
  dismiss: 'moderation_restored',
} as const;

/** hide, restore, delete or dismiss one item; the author hears of the outcome. */
export async function act(
  deps: ProductDeps,
  viewer: AuthUser,
  type: ModeratedType,
  id: number,
  body: ModerationActionBody,
): Promise<ModerationItem> {
  requireModerator(viewer);
  const { db } = deps;
  const done = await db.transaction().execute(async (trx) => {
    const target = await holds.findTarget(trx, type, id);
    if (!target) throw notFound();
    const was = target.moderation_status;
    const { action } = body;
    if (action === 'hide') {
      await holds.setStatus(trx, type, id, 'hidden');
      await reports.closeOpenReports(trx, type, id, 'upheld');
    } else if (action === 'delete') {
      await reports.closeOpenReports(trx, type, id, 'upheld');
    } else {
      // restore shows the item whatever hid it; dismiss only ends a hold for review.
      await reports.closeOpenReports(trx, type, id, 'dismissed');
      if (action === 'restore' || was === 'review') {
        await holds.setStatus(trx, type, id, 'visible');
      }
    }
    await holds.resolveQueue(trx, type, id);
    await repo.logAction(trx, viewer.id, action, type, id, body.note ?? null);
    // The author hears of a hide or delete, and of a restore only when the item was hidden.
    const restored = await holds.findTarget(trx, type, id);
    await recordAudit(trx, {
      actorId: viewer.id,
      action: `moderation.${action}`,
      targetType: type,
      targetId: id,
      before: { moderation_status: was },
      after: {
        moderation_status: action === 'delete' ? 'deleted' : restored?.moderation_status,
        note: body.note ?? null,
      },
    });
    const changed = action === 'hide' || action === 'delete' || restored?.moderation_status !== was;
    if (changed) {
      const data =
        action === 'delete'
          ? { product_id: target.product_id ?? undefined }
          : notificationData(target);
      await notify(trx, OUTCOME_KIND[action], null, [target.user_id], data);
    }
    // An item held at its creation told nobody of itself: it does now, once (issue 33 item 1).
    const announced = await announcements.take(trx, type, id);
    if (announced) await ANNOUNCE[type](trx, id);
    // A released offer meets the saved searches as a new one does: queued with the release.
    if (announced && type === 'product') await deps.searchAlerts?.enqueue(trx, id);
    if (action === 'delete' && type !== 'product') {
      if (!(await REMOVE[type](trx, id))) throw notFound();
    }
    return { target, announced };
  });
  // An offer goes with its files (products.service owns them), once the outcome is recorded.
  if (body.action === 'delete' && type === 'product') await removeProduct(deps, viewer, id);
  // After the commit, as for a new offer: the queue is drained after the answer.
  if (done.announced && type === 'product') deps.searchAlerts?.productCreated(id);
  return toItem(db, (await repo.queueRow(db, type, id)) ?? null, type, id);
}

export async function log(db: DB, viewer: AuthUser, page: number) {
  requireModerator(viewer);
  const { rows, total } = await repo.logPage(db, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE);
  const entries: ModerationLogEntry[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    note: r.note,
    created_at: r.created_at,
    actor:
      r.actor_id === null
        ? null
        : { id: r.actor_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '' },
  }));
  return toPagination(entries, total, page, LIST_PAGE_SIZE);
}

/** A ban ends the account's sessions, hides its offers and refuses its sign-in; unban undoes. */
export async function setBanned(
  db: DB,
  viewer: AuthUser,
  userId: number,
  banned: boolean,
  reason: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, userId);
    if (!user) throw notFound();
    if (!can.banUser(viewer, user)) throw forbidden();
    if (banned && user.banned_at) throw new HttpError(422, { global: ['already_banned'] });
    if (!banned && !user.banned_at) throw new HttpError(422, { global: ['not_banned'] });
    await repo.setBan(trx, userId, banned ? { reason } : null);
    await repo.logAction(trx, viewer.id, banned ? 'ban' : 'unban', 'user', userId, reason);
    const after = (await repo.findUser(trx, userId))!;
    const ban = (u: { banned_at: string | null; ban_reason: string | null }) => ({
      banned_at: u.banned_at,
      ban_reason: u.ban_reason,
    });
    await recordAudit(trx, {
      actorId: viewer.id,
      action: banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: userId,
      before: ban(user),
      after: ban(after),
    });
    return {
      id: after.id,
      first_name: after.first_name,
      last_name: after.last_name,
      banned_at: after.banned_at,
      ban_reason: after.ban_reason,
    };
  });
}
