import type { NotificationRow } from '../../db/types';
import {
  notificationData,
  type Notification,
  type NotificationData,
} from '../../../shared/schemas/notifications';

// Row → API object of SPEC §3: id, type, read_at, created_at, data (an object, not JSON text).

const DATA_KEYS = Object.keys(notificationData.shape) as (keyof NotificationData)[];

/** Every key of SPEC §3's data (null when it does not apply); a value of the wrong shape is null. */
export function toNotificationData(text: string): NotificationData {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable data still lists as a notification, with nothing to show but its kind.
  }
  const data = {} as Record<keyof NotificationData, unknown>;
  for (const key of DATA_KEYS) {
    const checked = notificationData.shape[key].safeParse(stored[key] ?? null);
    data[key] = checked.success ? checked.data : null;
  }
  return data as NotificationData;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    read_at: row.read_at,
    created_at: row.created_at,
    data: toNotificationData(row.data),
  };
}
