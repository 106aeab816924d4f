import type { NotificationFilter } from '../../../../shared/schemas/notifications';
import { notificationsQueryKey } from '../../../lib/use-mark-notification-read';

// The notifications' query keys (docs/web.md, "Data layer"). Every one sits under `all` (also
// known to web/lib, which marks a page's notification read), so marking or deleting anything
// refreshes the bell and the list together.

export const notificationKeys = {
  all: notificationsQueryKey,
  unreadCount: [...notificationsQueryKey, 'unread-count'] as const,
  page: (type: NotificationFilter, page: number) =>
    [...notificationsQueryKey, 'page', type, page] as const,
};
