import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ReactionKind } from '../../../shared/constants';
import type {
  NotificationKind,
  NotifiedProductType as ProductType,
} from '../../../shared/schemas/notifications';
import { publishLocal } from '../../events/bus';
import * as repo from './notifications.repository';

// Notifications are written with their cause, in the caller's transaction (issue 8), to the
// recipients of DESIGN §6, never to the person who acted. The stored data holds what the caller
// gives plus the actor's id, names and photo (as they were then); the API fills every other key
// of SPEC §3 with null (notifications.mapper.ts). A notification about a product also keeps the
// product's names as they were, so the sentence can name the offer.

export type { NotificationKind };

/** SPEC §3's data fields; the actor's fields are filled in here from `actorId`. */
export interface NotificationData {
  commentable_type?: 'product' | 'comment' | 'command';
  commentable_id?: number;
  reactionable_type?: 'product' | 'comment' | 'command';
  reactionable_id?: number;
  reaction?: ReactionKind;
  /** Every kind but shop_invitation hangs under a product. */
  product_id?: number;
  /** offer or demand: the product's type */
  type?: ProductType;
  /** extra ids the web app needs to open the right page */
  comment_id?: number;
  command_id?: number;
  /** search_match (issue 18): the saved search, the offer's name, how many offers matched */
  search_id?: number;
  search_name?: string;
  product_name?: string;
  count?: number;
  /** shop_invitation (issue 35 item 16): the shop, named as it was then */
  shop_id?: number;
  shop_name?: string;
  /** rated, rating_answered (issue 32): the stars given */
  stars?: number;
}

/**
 * Writes one `kind` notification to each recipient, once, except the actor. Recipients may repeat
 * or be null (a poster whose account is gone): both are dropped. With `group`, a recipient who
 * already has a notification of that group gets it updated in place instead (issue 35 item 14:
 * one per person and target): the same id, this kind, data and time, unread again.
 */
export async function notify(
  trx: Executor,
  kind: NotificationKind,
  actorId: number | null,
  recipientIds: Iterable<number | null | undefined>,
  data: NotificationData,
  options: { group?: string } = {},
): Promise<void> {
  const recipients = new Set<number>();
  for (const id of recipientIds) if (id != null && id !== actorId) recipients.add(id);
  if (!recipients.size) return;
  const actor = actorId === null ? undefined : await repo.findActor(trx, actorId);
  const product =
    data.product_id === undefined ? undefined : await repo.findProductNames(trx, data.product_id);
  const payload = JSON.stringify({
    user_id: actor?.id ?? null,
    user_first_name: actor?.first_name ?? null,
    user_last_name: actor?.last_name ?? null,
    user_photo: actor?.photo ?? null,
    product_name: product?.name ?? null,
    product_name_ar: product?.name_ar ?? null,
    product_name_fr: product?.name_fr ?? null,
    ...withoutUndefined(data),
  });
  const at = now();
  const inserted = await repo.insertNotifications(
    trx,
    [...recipients].map((user_id) => ({
      user_id,
      type: kind,
      data: payload,
      created_at: at,
      group_key: options.group ?? null,
    })),
  );
  // Each new or updated row is a live event for its user's streams (issue 18). On PostgreSQL the
  // triggers of migrations 012 and 024 send it at commit, to every process. On SQLite the bus of this one process does,
  // on a later turn: the stream's read of the row queues behind this transaction on SQLite's one
  // connection, so it reads the row once committed, and nothing if the transaction rolls back.
  for (const row of inserted) publishLocal('notification', `${row.user_id}:${row.id}`);
}

/** Every member of the shop's staff (owner, admins, moderators, employees). */
export function shopStaffIds(trx: Executor, shopId: number): Promise<number[]> {
  return repo.shopStaffIds(trx, shopId);
}

/**
 * One post tells at most this many people of itself (`added_offer`): a new demand in a busy
 * category must not turn into an unbounded write inside its own transaction.
 */
export const ADDED_PRODUCT_MAX_RECIPIENTS = 500;

/**
 * DESIGN §6, `added offer`: call inside the transaction that creates the product.
 * - a new offer tells those with an open demand in its subcategory (each demand's poster, or the
 *   demand's shop owner when the poster is gone), most recent demands first;
 * - a new demand tells the staff of shops whose category (shops.pcategory_id) is the subcategory's.
 * Never the poster, nor the posting shop's own staff (their shop's post is not news to them).
 * At most ADDED_PRODUCT_MAX_RECIPIENTS people.
 */
export async function notifyAddedProduct(
  trx: Executor,
  product: {
    id: number;
    type: ProductType | string;
    psubcategory_id: number;
    shop_id: number;
    user_id: number | null;
  },
): Promise<void> {
  const type: ProductType = product.type === 'demand' ? 'demand' : 'offer';
  const except = {
    exceptShopId: product.shop_id,
    exceptUserId: product.user_id,
    limit: ADDED_PRODUCT_MAX_RECIPIENTS,
  };
  let recipients: number[];
  if (type === 'offer') {
    recipients = await repo.openDemandHolders(trx, {
      psubcategoryId: product.psubcategory_id,
      ...except,
    });
  } else {
    const pcategoryId = await repo.pcategoryOf(trx, product.psubcategory_id);
    recipients =
      pcategoryId === null ? [] : await repo.staffOfShopsIn(trx, { pcategoryId, ...except });
  }
  await notify(trx, 'added_offer', product.user_id, recipients, { product_id: product.id, type });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
