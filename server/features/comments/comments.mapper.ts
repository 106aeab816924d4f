import { imageFields } from '../../media/media';
import type { Comment } from '../../../shared/schemas/comments';
import type { CommentListRow } from './comments.repository';

export function toComment(row: CommentListRow): Comment {
  return {
    id: row.id,
    user_id: row.user_id,
    // A deleted account's comment stays with no author (issue 34 item 5, docs/decisions.md).
    user:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            first_name: row.user_first_name ?? '',
            last_name: row.user_last_name ?? '',
            ...imageFields('photo', row.user_photo),
          },
    text: row.text,
    // Issue 19: only an item that is not visible says so (to its author and staff, who see it).
    ...(row.moderation_status !== 'visible' ? { moderation_status: row.moderation_status } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    comments_count: row.comments_count,
    depth: row.depth,
    commentable_type: row.commentable_type,
    commentable_id: row.commentable_id,
    product_id: row.product_id,
    command_id: row.command_id,
    parent_id: row.parent_id,
    like_count: row.like_count,
    haha_count: row.haha_count,
    love_count: row.love_count,
    wow_count: row.wow_count,
    sad_count: row.sad_count,
    angry_count: row.angry_count,
    reaction: row.viewer_reaction ?? null,
  };
}
