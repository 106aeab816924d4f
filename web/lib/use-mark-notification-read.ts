import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from './http';
import { useMe } from './use-me';

// SPEC §2: a product, comment or command page opened with a notification's id marks that
// notification read. Shared by the products feature (/products/product/{id}/{notificationId}) and
// the conversations pages, so it lives here rather than in a feature.

/** Every notifications query (the bell's count, the list's pages) sits under this key. */
export const notificationsQueryKey = ['notifications'] as const;

/** The notification id of a page's URL, when it is one (a positive integer). */
export function notificationIdOf(value: string | number | null | undefined): number | null {
  const id = typeof value === 'number' ? value : Number(value);
  return value !== '' && value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Marks the page's notification read once the signed-in user is known (an anonymous call would
 * be a 401, which sends the browser home), then refreshes the bell and the list. A failure (an id
 * that is not the user's: 404) is ignored: the page itself still shows.
 */
export function useMarkNotificationRead(notificationId: string | number | null | undefined) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const done = useRef<number | null>(null);
  const id = notificationIdOf(notificationId);
  const userId = me?.id;

  useEffect(() => {
    if (!userId || id === null || done.current === id) return;
    done.current = id;
    http.get(`/notifications/notification/markasread/${id}`).then(
      () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
      () => {},
    );
  }, [userId, id, queryClient]);
}
