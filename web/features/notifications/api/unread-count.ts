import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_POLL_MS } from '../../../../shared/constants';
import { http } from '../../../lib/http';
import { useServerRender } from '../../../lib/render-seed';
import { useMe } from '../../../lib/use-me';
import { notificationKeys } from './keys';
import { useStreamLive } from './notification-stream';

// GET /notifications/unreadnotifications/count: the bell's number (SPEC §2, §9).

export const fetchUnreadCount = () =>
  http.get<{ count: number }>('/notifications/unreadnotifications/count').then((b) => b.count);

export const unreadCountQuery = (signedIn: boolean, streamLive = false) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: fetchUnreadCount,
    enabled: signedIn,
    // The live stream (notification-stream.ts) keeps it current; polled while the stream is down.
    refetchInterval: streamLive ? false : UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    // TanStack Query listens to visibility changes only; the window's focus is handled below.
    refetchOnWindowFocus: false,
  });

/**
 * The bell's unread count: only for a signed-in user, kept current by the live stream, polled
 * every 5 minutes while the stream is down, and asked again whenever the window regains focus.
 * While hydrating the server's HTML, the count the server wrote (a newer one follows at once).
 */
export function useUnreadCount() {
  const server = useServerRender();
  const { data: me } = useMe();
  const signedIn = !!me;
  const streamLive = useStreamLive();
  const query = useQuery(unreadCountQuery(signedIn, streamLive));
  const { refetch } = query;
  useEffect(() => {
    if (!signedIn) return;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn, refetch]);
  if (!signedIn) return undefined;
  return server ? server.unread : query.data;
}
