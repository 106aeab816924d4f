import type { Notification, NotificationFilter } from '../../../../shared/schemas/notifications';
import { http } from '../../../lib/http';

// GET /notifications/notification/markasread/{id} and POST /notifications/all/markallasread/
// {type} (SPEC §7). The page refreshes everything under notificationKeys.all afterwards.

export const markNotificationRead = (id: number) =>
  http.get<{ notification: Notification }>(`/notifications/notification/markasread/${id}`);

export const markAllNotificationsRead = (type: NotificationFilter) =>
  http.post<{ count: number }>('/notifications/all/markallasread/', { type });
