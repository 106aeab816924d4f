import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { UNREAD_POLL_MS } from '../../../../shared/constants';
import { useMe } from '../../../lib/use-me';
import { notificationKeys } from './keys';

// GET /notifications/stream (DESIGN §4, issue 18): while signed in, one EventSource tells the
// bell its unread count and the list of each new notification at once. While the stream is not
// open (connecting, refused, no EventSource), `useStreamLive()` is false and the bell polls every
// UNREAD_POLL_MS as SPEC asks. The browser reconnects a dropped stream by itself, sending
// Last-Event-ID, and the server replays what was missed; a stream the server refused (429: too
// many tabs) is tried again after UNREAD_POLL_MS.

export const notificationStreamUrl = '/notifications/stream';

let live = false;
const listeners = new Set<() => void>();
function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the live stream is open (the bell then does not poll). */
export function useStreamLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  );
}

/** Opens the stream for the signed-in user; call it once (the header's bell does). */
export function useNotificationStream(): void {
  const { data: me } = useMe();
  const userId = me?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(notificationStreamUrl);
      source.onopen = () => setLive(true);
      source.onerror = () => {
        if (!source) return;
        setLive(source.readyState === EventSource.OPEN);
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(open, UNREAD_POLL_MS);
      };
      source.addEventListener('unread', (event) => {
        const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
        queryClient.setQueryData(notificationKeys.unreadCount, count);
      });
      source.addEventListener('notification', () => {
        void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'page'] });
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
      source = null;
      setLive(false);
    };
  }, [userId, queryClient]);
}
