import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_POLL_MS } from '../../../../shared/constants';
import type { Pagination } from '../../../../shared/schemas/common';
import type { Notification, NotificationFilter } from '../../../../shared/schemas/notifications';
import { http } from '../../../lib/http';
import { notificationsQueryKey } from '../../../lib/use-mark-notification-read';
import { useMe } from '../../../lib/use-me';
import { useStreamLive } from './notification-stream';

// SPEC §7 notifications calls. Every query sits under notificationsQueryKey, so marking or
// deleting anything refreshes the bell and the list together.

export type { Notification, NotificationFilter };

export const unreadCountKey = [...notificationsQueryKey, 'unread-count'] as const;
export const notificationsPageKey = (type: NotificationFilter, page: number) =>
  [...notificationsQueryKey, 'page', type, page] as const;

export const fetchUnreadCount = () =>
  http.get<{ count: number }>('/notifications/unreadnotifications/count').then((b) => b.count);

export const fetchNotificationsPage = (type: NotificationFilter, page: number) =>
  http
    .post<{ notifications: Pagination<Notification> }>('/notifications/paginate', { type, page })
    .then((b) => b.notifications);

export const markNotificationRead = (id: number) =>
  http.get<{ notification: Notification }>(`/notifications/notification/markasread/${id}`);

/** SPEC §7: the PUT deletes the notification. */
export const deleteNotification = (id: number) =>
  http.put<void>(`/notifications/notification/${id}`);

export const markAllNotificationsRead = (type: NotificationFilter) =>
  http.post<{ count: number }>('/notifications/all/markallasread/', { type });

/**
 * The bell's unread count (SPEC §2, §9): only for a signed-in user, kept current by the live
 * stream (notification-stream.ts) and polled every 5 minutes while the stream is down, and asked
 * again whenever the window regains focus.
 */
export function useUnreadCount() {
  const { data: me } = useMe();
  const signedIn = !!me;
  const streamLive = useStreamLive();
  const query = useQuery({
    queryKey: unreadCountKey,
    queryFn: fetchUnreadCount,
    enabled: signedIn,
    refetchInterval: streamLive ? false : UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    // TanStack Query listens to visibility changes only; the window's focus is handled below.
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  useEffect(() => {
    if (!signedIn) return;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn, refetch]);
  return signedIn ? query.data : undefined;
}

export function useNotificationsPage(type: NotificationFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationsPageKey(type, page),
    queryFn: () => fetchNotificationsPage(type, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
