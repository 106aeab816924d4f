import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { Notification, NotificationFilter } from '../../../../shared/schemas/notifications';
import { http } from '../../../lib/http';
import { notificationKeys } from './keys';

// POST /notifications/paginate {type, page} (SPEC §7).

export type { Notification, NotificationFilter };

export const fetchNotificationsPage = (type: NotificationFilter, page: number) =>
  http
    .post<{ notifications: Pagination<Notification> }>('/notifications/paginate', { type, page })
    .then((b) => b.notifications);

export const notificationsPageQuery = (type: NotificationFilter, page: number, enabled: boolean) =>
  queryOptions({
    queryKey: notificationKeys.page(type, page),
    queryFn: () => fetchNotificationsPage(type, page),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useNotificationsPage(type: NotificationFilter, page: number, enabled: boolean) {
  return useQuery(notificationsPageQuery(type, page, enabled));
}
