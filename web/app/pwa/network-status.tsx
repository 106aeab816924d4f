import { lazy, Suspense, useSyncExternalStore } from 'react';
import { afterDictionary } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { useMe } from '../../lib/use-me';
import './network-status.css';

// The shell's network notices (docs/offline.md): "you are offline" while the browser says so, and
// the signed-in user's offers waiting to be posted. Only a signed-in user can have posted any: an
// anonymous visitor never loads the outbox's code.
const PendingPosts = lazy(() =>
  afterDictionary(import('../../features/products/outbox/pending-posts')).then((m) => ({
    default: m.PendingPosts,
  })),
);

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** "You are offline", while the browser says so (also on the islands' first view: web/islands.tsx). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="container">
      <p className="offline-notice" role="status">
        {t('offline_notice')}
      </p>
    </div>
  );
}

export function NetworkStatus() {
  const { data: me } = useMe();
  return (
    <>
      <OfflineNotice />
      {me && (
        <Suspense fallback={null}>
          <PendingPosts />
        </Suspense>
      )}
    </>
  );
}
