import { imageFields } from '../../media/media';
import type { Rating } from '../../../shared/schemas/ratings';
import type { RatingListRow } from './ratings.repository';

/** `party`: the buyer, the shop's staff or site staff, who read which command it was for. */
export function toRating(row: RatingListRow, party: boolean): Rating {
  return {
    id: row.id,
    shop_id: row.shop_id,
    product_id: row.product_id,
    ...(party ? { command_id: row.command_id } : {}),
    stars: row.stars,
    text: row.text,
    user: {
      id: row.user_id,
      first_name: row.user_first_name,
      last_name: row.user_last_name,
      ...imageFields('photo', row.user_photo),
    },
    answer:
      row.answer_text !== null && row.answered_at !== null
        ? { text: row.answer_text, created_at: row.answered_at }
        : null,
    // Issue 19: only a rating that is not visible says so (to its author and staff, who see it).
    ...(row.moderation_status !== 'visible' ? { moderation_status: row.moderation_status } : {}),
    created_at: row.created_at,
  };
}
