import { z, paginationOf, pageNumber } from './common';
import {
  MODERATED_TYPES,
  MODERATION_ACTIONS,
  MODERATION_FLAGS,
  MODERATION_QUEUE_FILTERS,
  MODERATION_QUEUE_SORTS,
  MODERATION_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
} from '../domain/trust';

// Reports with a reason, the moderation queue, bans (issue 19; DESIGN §4 rows; docs/trust.md).

const note = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(REPORT_TEXT_MAX, { message: 'too_long' }).optional(),
);

export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  text: note,
});
export type ReportBody = z.infer<typeof reportBody>;

export const reportResponse = z.object({
  report: z.object({
    reason: z.enum(REPORT_REASONS),
    /** The item's reports so far (for an offer, SPEC's reports_count). */
    reports_count: z.number().int(),
    /** The item's moderation status after this report (`review` once auto-hidden). */
    moderation_status: z.enum(MODERATION_STATUSES),
  }),
});

export const moderationTypeParams = z.object({
  type: z.enum(MODERATED_TYPES),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const moderationQuery = z.object({
  page: pageNumber,
  status: z.enum(MODERATION_QUEUE_FILTERS).optional().default('open'),
  sort: z.enum(MODERATION_QUEUE_SORTS).optional().default('newest'),
});
export type ModerationQuery = z.infer<typeof moderationQuery>;

export const moderationActionBody = z.object({
  action: z.enum(MODERATION_ACTIONS),
  note,
});
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

/** DELETE (unban) comes without a body. */
export const banBody = z.preprocess((v) => v ?? {}, z.object({ reason: note }));

const personRef = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    created_at: z.string(),
    banned: z.boolean(),
  })
  .nullable();

export const itemReport = z.object({
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  reporter: personRef,
});

export const moderationItem = z.object({
  type: z.enum(MODERATED_TYPES),
  id: z.number().int(),
  /** The product the item hangs under (the offer itself for a product). */
  product_id: z.number().int().nullable(),
  /** Offer name, or the comment's or command's text. */
  title: z.string().nullable(),
  text: z.string().nullable(),
  /** null once the item is gone (deleted). */
  moderation_status: z.enum(MODERATION_STATUSES).nullable(),
  pending: z.boolean(),
  flag: z.enum(MODERATION_FLAGS).nullable(),
  reports_count: z.number().int(),
  last_event_at: z.string(),
  author: personRef,
  reports: z.array(itemReport),
});
export type ModerationItem = z.infer<typeof moderationItem>;

export const moderationLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  /** null for automatic holds. */
  actor: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;

export const moderationQueueResponse = z.object({ items: paginationOf(moderationItem) });
export const moderationItemResponse = z.object({ item: moderationItem });
export const moderationLogResponse = z.object({ log: paginationOf(moderationLogEntry) });
export const logQuery = z.object({ page: pageNumber });

export const bannedUserResponse = z.object({
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    banned_at: z.string().nullable(),
    ban_reason: z.string().nullable(),
  }),
});

/** What the author (and staff) see on an item that is not visible: its status and the reasons. */
export const moderationState = z.object({
  status: z.enum(MODERATION_STATUSES),
  reasons: z.array(z.enum(REPORT_REASONS)),
  flag: z.enum(MODERATION_FLAGS).nullable(),
});
export type ModerationState = z.infer<typeof moderationState>;
