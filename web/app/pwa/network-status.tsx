import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingPosts } from '../../features/products';
import './network-status.css';

// The shell's network notices (docs/offline.md): "you are offline" while the browser says so, and
// the offers waiting to be posted.

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

export function NetworkStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <>
      {!online && (
        <div className="container">
          <p className="offline-notice" role="status">
            {t('offline_notice')}
          </p>
        </div>
      )}
      <PendingPosts />
    </>
  );
}
