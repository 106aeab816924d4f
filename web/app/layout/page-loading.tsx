import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation';

// Page chunks being fetched. While one is, a thin bar runs along the top of the window; the page
// on screen stays until the next one is ready (router updates run in a transition).

let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function trackPageLoad<T>(promise: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  return promise.finally(() => {
    pending -= 1;
    notify();
  });
}

export function PageLoadingBar() {
  const { t } = useTranslation();
  const loading = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    // The server renders a page whose code it has: nothing is loading.
    () => false,
  );
  return loading ? (
    <div className="route-progress" role="progressbar" aria-label={t('loading')} />
  ) : null;
}
