import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ModeratedType, ModerationFlag, ModerationStatus } from '../../../shared/domain/trust';

// The hold on a reported, held or flagged item: the item itself (offer, comment, command or
// rating), its moderation status, its row in the queue and the moderation log. Kysely only here.

export interface ModeratedTarget {
  type: ModeratedType;
  id: number;
  /** Who wrote it (an offer's poster); null when the account is gone. */
  user_id: number | null;
  /** null only for a rating whose offer is gone */
  product_id: number | null;
  moderation_status: ModerationStatus;
  /** Shop of the product it hangs under (for offers: its own; for a rating: the rated shop). */
  shop_id: number;
  command_id: number | null;
  sold: number;
}

/** The table of each kind of moderated item. */
const TABLE = {
  product: 'products',
  comment: 'comments',
  command: 'commands',
  rating: 'ratings',
} as const;
/**
 * The column of `item_reports` that names each kind of item but an offer (offers have `reports`):
 * here, beside TABLE, because both reports.repository.ts and report-weights.repository.ts read it.
 */
export const ITEM_COLUMN = {
  comment: 'comment_id',
  command: 'command_id',
  rating: 'rating_id',
} as const;

export async function findTarget(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<ModeratedTarget | undefined> {
  if (type === 'product') {
    const row = await db
      .selectFrom('products')
      .select(['id', 'user_id', 'moderation_status', 'shop_id', 'sold'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, product_id: row.id, command_id: null };
  }
  if (type === 'comment') {
    const row = await db
      .selectFrom('comments')
      .innerJoin('products', 'products.id', 'comments.product_id')
      .select([
        'comments.id',
        'comments.user_id',
        'comments.moderation_status',
        'comments.product_id',
        'comments.command_id',
        'products.shop_id',
      ])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, sold: 0 };
  }
  if (type === 'rating') {
    const row = await db
      .selectFrom('ratings')
      .select(['id', 'user_id', 'moderation_status', 'product_id', 'shop_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, command_id: null, sold: 0 };
  }
  const row = await db
    .selectFrom('commands')
    .innerJoin('products', 'products.id', 'commands.product_id')
    .select([
      'commands.id',
      'commands.user_id',
      'commands.moderation_status',
      'commands.product_id',
      'commands.sold',
      'products.shop_id',
    ])
    .where('commands.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, type, command_id: row.id };
}

export async function setStatus(
  db: Executor,
  type: ModeratedType,
  id: number,
  status: ModerationStatus,
): Promise<void> {
  await db
    .updateTable(TABLE[type])
    .set({ moderation_status: status })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts the item in the queue (or back): pending again, its report count and last event now. A
 * flag, when given, is kept until a moderator acts.
 */
export async function touchQueue(
  db: Executor,
  item: { type: ModeratedType; id: number; authorId: number | null; reportsCount: number },
  flag: ModerationFlag | null = null,
): Promise<void> {
  const at = now();
  await db
    .insertInto('moderation_items')
    .values({
      target_type: item.type,
      target_id: item.id,
      author_id: item.authorId,
      pending: 1,
      flag,
      reports_count: item.reportsCount,
      last_event_at: at,
      created_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['target_type', 'target_id']).doUpdateSet({
        pending: 1,
        reports_count: item.reportsCount,
        last_event_at: at,
        flag: flag === null ? sql`moderation_items.flag` : flag,
      }),
    )
    .execute();
}

/** A report taken back: the queue's count follows (the item stays pending if it was). */
export async function setQueueCount(
  db: Executor,
  type: ModeratedType,
  id: number,
  reportsCount: number,
): Promise<void> {
  await db
    .updateTable('moderation_items')
    .set({ reports_count: reportsCount })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .execute();
}

/** The scam signal the item waits in the queue with (null: none, or a moderator has looked). */
export async function queueFlag(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<ModerationFlag | null> {
  const row = await db
    .selectFrom('moderation_items')
    .select('flag')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('pending', '=', 1)
    .executeTakeFirst();
  return row?.flag ?? null;
}

/** A moderator has looked: the item leaves the open queue and its flag is cleared. */
export async function resolveQueue(db: Executor, type: ModeratedType, id: number): Promise<void> {
  await db
    .updateTable('moderation_items')
    .set({ pending: 0, flag: null })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .execute();
}

export async function insertLog(
  db: Executor,
  entry: {
    actorId: number | null;
    action: string;
    type: ModeratedType | 'user';
    id: number;
    note?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.type,
      target_id: entry.id,
      note: entry.note ?? null,
      created_at: now(),
    })
    .execute();
}
