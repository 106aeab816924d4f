import type { DB, Executor } from '../../db/types';
import { notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { notify, shopStaffIds } from '../notifications/notify';
import type { ReactionKind } from '../../../shared/constants';
import {
  reactionCounts,
  type Reactionable,
  type ReactionableType,
} from '../../../shared/schemas/reactions';
import * as repo from './reactions.repository';
import { isForeignKeyViolation } from '../../db/errors';
import { loadVisibleCommand } from '../commands/commands.service';

// SPEC §4/§7: one reaction per user and target. The same kind again takes it back, another kind
// replaces it. Counters move only with a row that really changed (each write checks what it
// changes and says whether it did), in the same transaction; the unique key settles races.

/** A concurrent request of the same user can change the row between our read and our write. */
const ATTEMPTS = 5;

type Outcome = { reaction: ReactionKind | null; notifyKind: boolean };

async function toggle(
  trx: Executor,
  userId: number,
  type: ReactionableType,
  id: number,
  name: ReactionKind,
): Promise<Outcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await repo.findReaction(trx, userId, type, id);
    if (current === null) {
      if (await repo.insertReaction(trx, userId, type, id, name)) {
        await repo.bumpCounters(trx, type, id, [{ kind: name, delta: 1 }]);
        return { reaction: name, notifyKind: true };
      }
    } else if (current === name) {
      if (await repo.deleteReaction(trx, userId, type, id, name)) {
        await repo.bumpCounters(trx, type, id, [{ kind: name, delta: -1 }]);
        return { reaction: null, notifyKind: false };
      }
    } else if (await repo.changeReaction(trx, userId, type, id, current, name)) {
      await repo.bumpCounters(trx, type, id, [
        { kind: current, delta: -1 },
        { kind: name, delta: 1 },
      ]);
      return { reaction: name, notifyKind: true };
    }
  }
  throw new Error('reaction kept changing under concurrent requests');
}

export async function react(
  db: DB,
  viewer: AuthUser,
  type: ReactionableType,
  id: number,
  name: ReactionKind,
): Promise<Reactionable> {
  try {
    return await reactInTransaction(db, viewer, type, id, name);
  } catch (error) {
    // The target was deleted while the reaction was being written.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

function reactInTransaction(
  db: DB,
  viewer: AuthUser,
  type: ReactionableType,
  id: number,
  name: ReactionKind,
): Promise<Reactionable> {
  return db.transaction().execute(async (trx) => {
    const target = await repo.findTarget(trx, type, id);
    if (!target) throw notFound();
    // DESIGN §6: a private command and its thread exist only for those who may see them: 404 to
    // the others, as the commands and comments routes answer (found by server/security).
    if (target.command_id !== null) await loadVisibleCommand(trx, target.command_id, viewer);
    const outcome = await toggle(trx, viewer.id, type, id, name);
    if (outcome.notifyKind) {
      // DESIGN §6: the target's author hears of it (a product's author is its shop's staff);
      // notify() leaves out the actor.
      const recipients =
        target.shop_id !== null ? await shopStaffIds(trx, target.shop_id) : [target.user_id!];
      await notify(
        trx,
        'reacted',
        viewer.id,
        recipients,
        {
          reactionable_type: type,
          reactionable_id: id,
          reaction: name,
          product_id: target.product_id,
          type: target.product_type,
          ...(type === 'comment' ? { comment_id: id } : {}),
          ...(type === 'command' ? { command_id: id } : {}),
        },
        // Issue 35 item 14: one notification per person and target, whatever they change it to.
        { group: `reacted:${viewer.id}:${type}:${id}` },
      );
    }
    const counters = await repo.countersOf(trx, type, id);
    return { id, type, ...reactionCounts(counters), reaction: outcome.reaction };
  });
}
