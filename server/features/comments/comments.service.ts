import type { DB, Executor } from '../../db/types';
import type { AuthUser } from '../../plugins/session';
import { isForeignKeyViolation } from '../../db/errors';
import { forbidden, HttpError, notFound } from '../../errors';
import { COMMAND_COMMENT_MAX_DEPTH, COMMENT_MAX_DEPTH } from '../../../shared/constants';
import { holdContactFromNewAccount } from '../moderation/reports.service';
import { can } from '../../../shared/domain/permissions';
import { recordAudit } from '../admin/audit.service';
import type { CommentableType, CommentListBody } from '../../../shared/schemas/comments';
import { notify, shopStaffIds } from '../notifications/notify';
import { commandPartyIds, loadVisibleCommand } from '../commands/commands.service';
import * as announcements from '../moderation/announcements.repository';
import * as repo from './comments.repository';
import { toComment } from './comments.mapper';

// Comments on a product, a command or another comment (SPEC §3, §4, §6).
// Counters: each item's comments_count counts its DIRECT comments only, so a product's
// comments_count is the number of depth-1 comments on it, the total of its first list.

type Viewer = AuthUser | null;
type ThreadCommand = Awaited<ReturnType<typeof loadVisibleCommand>>;

/** The item being commented on (or listed), and where its thread hangs. */
interface Target {
  /** `sold_at` (issue 32): read for the product's own threads, which an ending sale closes */
  product: { id: number; shop_id: number; type: string; sold_at?: string | null };
  /** the command the thread hangs under, with the viewer's role in its shop */
  command: ThreadCommand | null;
  parent: { id: number; user_id: number | null } | null;
  /** the depth a new comment here would have */
  depth: number;
  /** the item's comments_count */
  total: number;
}

async function productOrNotFound(db: Executor, id: number) {
  const product = await repo.findProduct(db, id);
  if (!product) throw notFound();
  return product;
}

/** A command's comments are only for those who may see the command (404 for the others). */
async function resolveTarget(
  db: Executor,
  type: CommentableType,
  id: number,
  viewer: Viewer,
): Promise<Target> {
  if (type === 'product') {
    const product = await productOrNotFound(db, id);
    return { product, command: null, parent: null, depth: 1, total: product.comments_count };
  }
  if (type === 'command') {
    const command = await loadVisibleCommand(db, id, viewer);
    const total = command.command.comments_count;
    return { product: command.product, command, parent: null, depth: 1, total };
  }
  const parent = await repo.findComment(db, id);
  if (!parent) throw notFound();
  const command =
    parent.command_id === null ? null : await loadVisibleCommand(db, parent.command_id, viewer);
  const product = command?.product ?? (await productOrNotFound(db, parent.product_id));
  return { product, command, parent, depth: parent.depth + 1, total: parent.comments_count };
}

/** A comment the viewer may see (one under a private command needs its visibility); else 404. */
async function loadVisibleComment(db: Executor, id: number, viewer: Viewer) {
  const comment = await repo.findComment(db, id, viewer?.id);
  if (!comment) throw notFound();
  const shown = comment.moderation_status === 'visible' && !comment.user_banned_at;
  if (!shown && !can.seeModerated(viewer, comment)) {
    throw notFound();
  }
  if (comment.command_id !== null) await loadVisibleCommand(db, comment.command_id, viewer);
  return comment;
}

export async function list(
  db: DB,
  type: CommentableType,
  id: number,
  viewer: Viewer,
  page: CommentListBody,
) {
  const target = await resolveTarget(db, type, id, viewer);
  const rows = await repo.listComments(db, {
    type,
    id,
    viewerId: viewer?.id,
    seesHidden: can.moderate(viewer),
    ...page,
  });
  return { comments: rows.map(toComment), total: target.total };
}

export async function get(db: DB, id: number, viewer: Viewer) {
  return toComment(await loadVisibleComment(db, id, viewer));
}

export async function create(
  db: DB,
  type: CommentableType,
  id: number,
  viewer: AuthUser,
  text: string,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const target = await resolveTarget(trx, type, id, viewer);
      const { product, command, parent } = target;
      // SPEC §6: under a command, only the admin, its author or the shop's managers speak.
      if (command && !can.replyToCommand(viewer, command.command, command.shopRole)) {
        throw forbidden();
      }
      // Issue 32: a sold offer takes no new comments; its commands' threads stay open (the
      // buyer and the seller still talk there).
      if (!command && product.sold_at) throw new HttpError(422, { global: ['product_sold'] });
      // SPEC §4/§9: 2 levels under a command, 3 elsewhere.
      const maxDepth = command ? COMMAND_COMMENT_MAX_DEPTH : COMMENT_MAX_DEPTH;
      if (target.depth > maxDepth) throw new HttpError(422, { global: ['max_depth'] });

      const commentId = await repo.insertComment(trx, {
        user_id: viewer.id,
        commentable_type: type,
        commentable_id: id,
        product_id: product.id,
        command_id: command?.command.id ?? null,
        parent_id: parent?.id ?? null,
        depth: target.depth,
        text,
      });
      await repo.addToCommentsCount(trx, { type, id }, 1);

      // A held comment is announced when a moderator releases it (its link is a 404 till then).
      if (await holdContactFromNewAccount(trx, 'comment', commentId, viewer.id, text)) {
        await announcements.owe(trx, 'comment', commentId);
      } else {
        await announceComment(trx, commentId);
      }
      return toComment((await repo.findComment(trx, commentId, viewer.id))!);
    });
  } catch (error) {
    // What we reply to was deleted while we wrote: it is gone, as for an unknown id.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * DESIGN §6: the shop's staff hear of a comment on its product or on a command (and the command's
 * author too); a reply goes to the parent comment's author. At the comment's creation, or on its
 * release when it was held for review (moderation.service).
 */
export async function announceComment(trx: Executor, id: number): Promise<void> {
  const comment = await repo.findComment(trx, id);
  const product = comment && (await repo.findProduct(trx, comment.product_id));
  if (!comment || !product) return;
  const parent = comment.parent_id === null ? null : await repo.findComment(trx, comment.parent_id);
  const recipients = parent
    ? [parent.user_id]
    : comment.command_id !== null
      ? await commandPartyIds(trx, comment.command_id)
      : await shopStaffIds(trx, product.shop_id);
  await notify(trx, parent ? 'replied' : 'commented', comment.user_id, recipients, {
    commentable_type: comment.commentable_type,
    commentable_id: comment.commentable_id,
    product_id: product.id,
    type: product.type as 'offer' | 'demand',
    comment_id: comment.id,
    command_id: comment.command_id ?? undefined,
  });
}

export async function update(db: DB, id: number, viewer: AuthUser, text: string) {
  return db.transaction().execute(async (trx) => {
    const comment = await loadVisibleComment(trx, id, viewer);
    if (!can.editComment(viewer, comment)) throw forbidden();
    if (!(await repo.updateText(trx, id, text))) throw notFound();
    // A site admin editing someone else's comment (issue 34 item 4).
    if (viewer.id !== comment.user_id && comment.text !== text) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'comment.update',
        targetType: 'comment',
        targetId: id,
        before: { text: comment.text },
        after: { text },
      });
    }
    return toComment((await repo.findComment(trx, id, viewer.id))!);
  });
}

export async function remove(db: DB, id: number, viewer: AuthUser): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const comment = await loadVisibleComment(trx, id, viewer);
    if (!can.deleteComment(viewer, comment)) throw forbidden();
    if (!(await repo.deleteComment(trx, id))) throw notFound();
    if (viewer.id !== comment.user_id) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'comment.delete',
        targetType: 'comment',
        targetId: id,
        before: { text: comment.text, user_id: comment.user_id },
      });
    }
    // Replies went by cascade; they were counted on this comment, which is gone with them.
    const type = comment.commentable_type;
    await repo.addToCommentsCount(trx, { type, id: comment.commentable_id }, -1);
  });
}

/** A moderator's delete (issue 19, the queue's `delete`), in the moderation's transaction. */
export async function removeInModeration(trx: Executor, id: number): Promise<boolean> {
  const comment = await repo.findComment(trx, id);
  if (!comment || !(await repo.deleteComment(trx, id))) return false;
  await repo.addToCommentsCount(
    trx,
    { type: comment.commentable_type, id: comment.commentable_id },
    -1,
  );
  return true;
}
