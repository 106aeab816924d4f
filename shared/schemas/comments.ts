import { MODERATION_STATUSES } from '../domain/trust';
import { idParam, z } from './common';
import {
  COMMENT_TEXT_MAX,
  COMMENTABLE_TYPES,
  COMMENTS_PAGE_SIZE,
  REACTION_KINDS,
} from '../constants';

// SPEC §7 comments calls: bodies in, objects out. Text limits are ours (SPEC is silent).

export { COMMENT_TEXT_MAX };
/** Largest page a list call may ask for (comments and commands alike). */
export const LIST_LIMIT_MAX = 50;

/** `{limit, offset}` of a "show more" list; the body may be left out altogether. */
export function offsetListBody(pageSize: number) {
  return z
    .object({
      limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).nullish(),
      offset: z.coerce.number().int().min(0).max(2_147_483_647).nullish(),
    })
    .nullish()
    .transform((b) => ({ limit: b?.limit ?? pageSize, offset: b?.offset ?? 0 }));
}

export const commentableParams = z.object({
  type: z.enum(COMMENTABLE_TYPES),
  id: idParam.shape.id,
});
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

export const commentListBody = offsetListBody(COMMENTS_PAGE_SIZE);
export type CommentListBody = z.output<typeof commentListBody>;

export const commentTextBody = z.object({
  text: z.string().trim().min(1, 'required').max(COMMENT_TEXT_MAX, 'bad_input'),
});
export type CommentTextBody = z.infer<typeof commentTextBody>;

/** Per-kind counts and the viewer's own reaction (null when none or anonymous). */
export const reactionSummary = z.object({
  like_count: z.number().int(),
  haha_count: z.number().int(),
  love_count: z.number().int(),
  wow_count: z.number().int(),
  sad_count: z.number().int(),
  angry_count: z.number().int(),
  reaction: z.enum(REACTION_KINDS).nullable(),
});

export const commentUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  photo_url: z.string().nullable(),
  photo_small_url: z.string().nullable(),
});

export const comment = z.object({
  /** Issue 19: `review` or `hidden` only reach the author and site staff. */
  moderation_status: z.enum(MODERATION_STATUSES).optional(),
  id: z.number().int(),
  /** null, as `user`, once the author deleted their account: "deleted account" (issue 34 item 5) */
  user_id: z.number().int().nullable(),
  user: commentUser.nullable(),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  comments_count: z.number().int(),
  /** 1 for a comment on a product or command, parent's + 1 for a reply */
  depth: z.number().int(),
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: z.number().int(),
  /** the product the thread hangs under */
  product_id: z.number().int(),
  /** the command the thread hangs under, if any (its depth limit is then 2) */
  command_id: z.number().int().nullable(),
  /** the comment replied to, if any */
  parent_id: z.number().int().nullable(),
  ...reactionSummary.shape,
});
export type Comment = z.infer<typeof comment>;

export const commentResponse = z.object({ comment });
/** `total` is the parent's comments_count, for the '(loaded of total)' counter. */
export const commentsResponse = z.object({ comments: z.array(comment), total: z.number().int() });
