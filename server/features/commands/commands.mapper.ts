import { imageFields } from '../../media/media';
import type { Command } from '../../../shared/schemas/commands';
import type { CommandListRow } from './commands.repository';

/**
 * `contact`: whether the viewer is a party to the command (can.seeCommandContact); if not, the
 * buyer's phone and WhatsApp number stay empty.
 */
export function toCommand(row: CommandListRow, contact: boolean): Command {
  return {
    id: row.id,
    user_id: row.user_id,
    product_id: row.product_id,
    // A deleted account's command stays with no author (issue 34 item 5, docs/decisions.md).
    user:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            first_name: row.user_first_name ?? '',
            last_name: row.user_last_name ?? '',
            ...imageFields('photo', row.user_photo),
            phone: contact ? row.user_phone : null,
            whatsapp_number: contact ? row.user_whatsapp_number : null,
          },
    price: row.price,
    number: row.number,
    period: row.period,
    private: row.private,
    text: row.text,
    // Issue 19: only an item that is not visible says so (to its author and staff, who see it).
    ...(row.moderation_status !== 'visible' ? { moderation_status: row.moderation_status } : {}),
    sold: !!row.sold,
    starts_at: row.starts_at,
    comments_count: row.comments_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    like_count: row.like_count,
    haha_count: row.haha_count,
    love_count: row.love_count,
    wow_count: row.wow_count,
    sad_count: row.sad_count,
    angry_count: row.angry_count,
    reaction: row.viewer_reaction ?? null,
  };
}
