import { MODERATION_STATUSES } from '../domain/trust';
import { RATING_STARS_MAX, RATING_STARS_MIN } from '../domain/ratings';
import { COMMENT_TEXT_MAX, commentUser } from './comments';
import { pageNumber, paginationOf, z } from './common';

// Seller ratings and trust signals (issue 32 items 5 and 8; DESIGN §4 rows; docs/ratings.md).
// Texts follow the comments' limits (COMMENT_TEXT_MAX) and their contact check.

/** POST /commands/{id}/rating: stars 1–5 and an optional text (blank is none). */
export const ratingBody = z.object({
  stars: z.coerce.number().int().min(RATING_STARS_MIN).max(RATING_STARS_MAX),
  text: z
    .string()
    .trim()
    .max(COMMENT_TEXT_MAX, 'bad_input')
    .nullish()
    .transform((t) => t || null),
});
export type RatingBody = z.output<typeof ratingBody>;

/** POST /ratings/{id}/answer: the shop's one answer. */
export const ratingAnswerBody = z.object({
  text: z.string().trim().min(1, 'required').max(COMMENT_TEXT_MAX, 'bad_input'),
});

export const rating = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  /** the offer the accepted command was for (null once deleted) */
  product_id: z.number().int().nullable(),
  /** only its buyer and the shop's staff read which command it was */
  command_id: z.number().int().nullable().optional(),
  stars: z.number().int(),
  text: z.string().nullable(),
  user: commentUser,
  answer: z.object({ text: z.string(), created_at: z.string() }).nullable(),
  /** Present (review, hidden) only to its author and site staff, as on comments. */
  moderation_status: z.enum(MODERATION_STATUSES).optional(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof rating>;

export const ratingResponse = z.object({ rating });
/**
 * GET /commands/{id}/rating: the command's rating (null while there is none), and until when the
 * viewer may still rate it (null when they may not: not its buyer, not accepted, rated, too late).
 */
export const commandRatingResponse = z.object({
  rating: rating.nullable(),
  rate_until: z.string().nullable(),
});
export type CommandRating = z.infer<typeof commandRatingResponse>;
export const ratingsQuery = z.object({ page: pageNumber });
export const ratingsResponse = z.object({ ratings: paginationOf(rating) });

/** What shops and users carry: the average (one decimal; null when unrated) and the count. */
export const ratingSummary = z.object({
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/**
 * GET /shops/{id}/trust (item 8): the offer page's trust signals. `member_since` is the shop
 * owner's account's creation; `response_minutes` the median delay of the staff's first answer to
 * a comment or a command on the shop's offers over the last 90 days (null when none).
 */
export const shopTrust = ratingSummary.extend({
  member_since: z.string().nullable(),
  /** When the shop's number was proved (issue 21's rule: its owner's verified phone_1), or null. */
  phone_verified_at: z.string().nullable(),
  response_minutes: z.number().int().nullable(),
  responses_count: z.number().int(),
});
export type ShopTrust = z.infer<typeof shopTrust>;
export const shopTrustResponse = z.object({ trust: shopTrust });
