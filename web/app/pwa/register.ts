// Registers the service worker (web/app/pwa/sw.ts, docs/offline.md) in production builds, after
// the page has loaded so that it never competes with the first page's own requests. Once the
// worker controls the page, it is told the page and the JSON this first visit read before it was
// there, so that they can be opened offline too.
import { DATA_GETS } from './caches';

function rememberFirstVisit(worker: ServiceWorker) {
  // A server-rendered page came with its data (an offer's page is its JSON's address too; who is
  // signed in): that JSON is remembered as well, for the app's own navigation offline.
  const data = [
    ...performance.getEntriesByType('resource').map((entry) => new URL(entry.name)),
    new URL(location.href),
    new URL('/users/me', location.href),
  ]
    .filter(
      (url) => url.origin === location.origin && DATA_GETS.some((path) => path.test(url.pathname)),
    )
    .map((url) => url.origin + url.pathname + url.search);
  worker.postMessage({ type: 'remember', page: location.href, data: [...new Set(data)] });
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const firstVisit = !navigator.serviceWorker.controller;
  const register = () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  };
  // (This module may run after the load event, when it comes with a later chunk.)
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  if (firstVisit) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        if (navigator.serviceWorker.controller)
          rememberFirstVisit(navigator.serviceWorker.controller);
      },
      { once: true },
    );
  }
}
