import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { NOTIFICATION_KINDS } from '../../../shared/constants';

// Notifications are written with their cause, in the caller's transaction (issue 8), to the
// recipients of DESIGN §6, never to the person who acted.

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** SPEC §3's data fields; the actor's fields are filled in here from `actorId`. */
export interface NotificationData {
  commentable_type?: 'product' | 'comment' | 'command';
  commentable_id?: number;
  reactionable_type?: 'product' | 'comment' | 'command';
  reactionable_id?: number;
  reaction?: string;
  product_id: number;
  /** offer or demand: the product's type */
  type: 'offer' | 'demand';
  /** extra ids the web app needs to open the right page */
  comment_id?: number;
  command_id?: number;
}

export async function notify(
  trx: Executor,
  kind: NotificationKind,
  actorId: number,
  recipientIds: Iterable<number>,
  data: NotificationData,
): Promise<void> {
  const recipients = [...new Set(recipientIds)].filter((id) => id !== actorId);
  if (!recipients.length) return;
  const actor = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'photo'])
    .where('id', '=', actorId)
    .executeTakeFirstOrThrow();
  const payload = JSON.stringify({
    user_id: actor.id,
    user_first_name: actor.first_name,
    user_last_name: actor.last_name,
    user_photo: actor.photo,
    ...data,
  });
  const at = now();
  await trx
    .insertInto('notifications')
    .values(
      recipients.map((user_id) => ({
        user_id,
        type: kind,
        data: payload,
        read_at: null,
        created_at: at,
      })),
    )
    .execute();
}

/** Every member of the shop's staff (owner, admins, moderators, employees). */
export async function shopStaffIds(trx: Executor, shopId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('shop_employees')
    .select('user_id')
    .where('shop_id', '=', shopId)
    .execute();
  return rows.map((r) => r.user_id);
}
