import type { Executor } from '../../db/types';
import type { NotificationKind } from '../../../shared/schemas/notifications';

// Shared by the lifecycle suites (issue 32).

/** The user's notifications of one kind, as stored. */
export function notificationsOf(db: Executor, userId: number, type: NotificationKind) {
  return db
    .selectFrom('notifications')
    .select(['id', 'data'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .execute();
}
