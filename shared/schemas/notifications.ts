import { pageNumber, paginationOf, z } from './common';
import {
  COMMENTABLE_TYPES,
  NOTIFICATION_FILTERS,
  NOTIFICATION_KINDS,
  PRODUCT_TYPES,
  REACTION_KINDS,
  REACTIONABLE_TYPES,
} from '../constants';

// SPEC §7 notifications calls: bodies in, objects out (SPEC §3's notification and its data).

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export type NotifiedProductType = (typeof PRODUCT_TYPES)[number];

/**
 * The kinds each filter of the list page shows (SPEC §2). `added_offer` and `shop_invitation`
 * belong to no tab: they show under `all` only.
 */
export const NOTIFICATION_FILTER_KINDS: Record<NotificationFilter, readonly NotificationKind[]> = {
  all: NOTIFICATION_KINDS,
  comments: ['commented', 'replied'],
  commands: ['commanded', 'accepted'],
  reactions: ['reacted'],
};

/** `type` of the list and mark-all calls; left out (or null) it is `all`. */
export const notificationFilter = z
  .enum(NOTIFICATION_FILTERS)
  .nullish()
  .transform((t) => t ?? 'all');

export const notificationsPageBody = z
  .object({ type: notificationFilter, page: pageNumber })
  .nullish()
  .transform((b) => ({ type: b?.type ?? 'all', page: b?.page ?? 1 }));
export type NotificationsPageBody = z.output<typeof notificationsPageBody>;

export const markAllBody = z
  .object({ type: notificationFilter })
  .nullish()
  .transform((b) => ({ type: b?.type ?? 'all' }));
export type MarkAllBody = z.output<typeof markAllBody>;

/**
 * SPEC §3's data, every key always present (null when it does not apply to the kind), plus the
 * comment and command ids the web app needs to open the right page.
 */
export const notificationData = z.object({
  /** who acted */
  user_id: z.number().int().nullable(),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
  user_photo: z.string().nullable(),
  /** what was commented on (commented, replied) */
  commentable_type: z.enum(COMMENTABLE_TYPES).nullable(),
  commentable_id: z.number().int().nullable(),
  /** what was reacted to (reacted) */
  reactionable_type: z.enum(REACTIONABLE_TYPES).nullable(),
  reactionable_id: z.number().int().nullable(),
  reaction: z.enum(REACTION_KINDS).nullable(),
  /** the product everything hangs under */
  product_id: z.number().int().nullable(),
  /** the product's type */
  type: z.enum(PRODUCT_TYPES).nullable(),
  /** the product's names when the notification was written (null on older notifications) */
  product_name: z.string().nullable(),
  product_name_ar: z.string().nullable(),
  product_name_fr: z.string().nullable(),
  /** the new comment (commented, replied) or the comment reacted to */
  comment_id: z.number().int().nullable(),
  /** the command made, accepted, commented on or reacted to (or the thread is under) */
  command_id: z.number().int().nullable(),
  /** search_match: the saved search, the (latest) matching offer's name, and how many matched */
  search_id: z.number().int().nullable(),
  search_name: z.string().nullable(),
  count: z.number().int().nullable(),
  /** shop_invitation (issue 35 item 16, added): the inviting shop, named as it was then */
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  /** rated, rating_answered (issue 32, added): the stars the buyer gave (the shop is shop_id, shop_name) */
  stars: z.number().int().nullable(),
});
export type NotificationData = z.infer<typeof notificationData>;

export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_KINDS),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationData,
});
export type Notification = z.infer<typeof notification>;

export const unreadCountResponse = z.object({ count: z.number().int() });
export const notificationsPageResponse = z.object({ notifications: paginationOf(notification) });
export const notificationResponse = z.object({ notification });
export const markAllResponse = z.object({ count: z.number().int() });

/**
 * GET /notifications/stream (DESIGN §4): `text/event-stream`, not JSON — events `notification`
 * (`notification` above, with `id:` its id) and `unread` (`unreadCountResponse`'s shape).
 * `last_event_id` stands in for the Last-Event-ID header where a client cannot set it.
 */
export const notificationStreamQuery = z.object({
  last_event_id: z.coerce.number().int().min(0).optional(),
});
export const notificationStreamResponse = z
  .string()
  .describe(
    'text/event-stream: `event: notification` (id: the notification id; data: a notification), `event: unread` (data: {count}), a comment line every 25 s',
  );
