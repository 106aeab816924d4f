import { type ModeratedType, type ModerationAction } from '../../../../shared/domain/trust';
import type { ModerationItem } from '../../../../shared/schemas/trust';
import { type QueueSort, type QueueStatus } from '../api/moderation-queue';

// The moderation tab's dictionary keys per value, and the actions an item allows.

export const STATUS_LABEL: Record<QueueStatus, string> = {
  open: 'moderation_filter_open',
  review: 'moderation_filter_review',
  hidden: 'moderation_filter_hidden',
  all: 'moderation_filter_all',
};
export const SORT_LABEL: Record<QueueSort, string> = {
  newest: 'moderation_sort_newest',
  most_reported: 'moderation_sort_most_reported',
};
export const TYPE_LABEL: Record<ModeratedType | 'user', string> = {
  product: 'moderation_type_product',
  comment: 'moderation_type_comment',
  command: 'moderation_type_command',
  rating: 'moderation_type_rating',
  user: 'moderation_type_user',
};
export const ACTION_LABEL: Record<ModerationAction, string> = {
  hide: 'moderation_action_hide',
  restore: 'moderation_action_restore',
  delete: 'moderation_action_delete',
  dismiss: 'moderation_action_dismiss',
};
/** What the log says was done (past tense); an unknown action reads as sent. */
export const LOGGED_LABEL: Record<string, string> = {
  hide: 'moderation_logged_hide',
  restore: 'moderation_logged_restore',
  delete: 'moderation_logged_delete',
  dismiss: 'moderation_logged_dismiss',
  auto_hide: 'moderation_logged_auto_hide',
  auto_hide_review: 'moderation_logged_auto_hide_review',
  hold: 'moderation_logged_hold',
  ban: 'moderation_logged_ban',
  unban: 'moderation_logged_unban',
  flag_contact_in_text: 'moderation_flag_contact_in_text',
  flag_duplicate_photo: 'moderation_flag_duplicate_photo',
};
export const STATUS_NOTE: Record<string, string> = {
  review: 'moderation_status_review',
  hidden: 'moderation_status_hidden',
  banned: 'moderation_status_banned',
};
export const FLAG_LABEL: Record<string, string> = {
  contact_in_text: 'moderation_flag_contact_in_text',
  duplicate_photo: 'moderation_flag_duplicate_photo',
};

export const pick = <T extends string>(
  value: string | null,
  values: readonly T[],
  fallback: T,
): T => (values.includes(value as T) ? (value as T) : fallback);

/** The actions that make sense for an item in its state (none once it is deleted). */
export function actionsFor(item: ModerationItem): ModerationAction[] {
  const status = item.moderation_status;
  if (status === null) return [];
  const actions: ModerationAction[] = [];
  if (status !== 'hidden') actions.push('hide');
  if (status !== 'visible') actions.push('restore');
  if (item.pending) actions.push('dismiss');
  actions.push('delete');
  return actions;
}
