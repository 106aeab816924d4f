// Registers the service worker (web/app/pwa/sw.ts, docs/offline.md) in production builds, after
// the page has loaded so that it never competes with the first page's own requests. Once the
// worker controls the page, it is told the page and the JSON this first visit read before it was
// there (and its stylesheets), so that they can be opened offline too. A page the server rendered later, under the
// worker, came with its data inside it: that JSON never went through the worker, so it is named too.
import { DATA_GETS, STYLESHEET } from './caches';

/** The JSON addresses among these that the worker keeps. */
function dataUrls(urls: URL[]): string[] {
  const kept = urls
    .filter(
      (url) => url.origin === location.origin && DATA_GETS.some((path) => path.test(url.pathname)),
    )
    .map((url) => url.origin + url.pathname + url.search);
  return [...new Set(kept)];
}

/**
 * A server-rendered page's data (an offer's page is its JSON's address too; who is signed in),
 * for the app's own navigation offline.
 */
const pageData = () => [new URL(location.href), new URL('/users/me', location.href)];

function rememberFirstVisit(worker: ServiceWorker) {
  const resources = performance.getEntriesByType('resource').map((entry) => new URL(entry.name));
  worker.postMessage({
    type: 'remember',
    page: location.href,
    data: dataUrls([...resources, ...pageData()]),
    styles: resources
      .filter((url) => url.origin === location.origin && STYLESHEET.test(url.pathname))
      .map((url) => url.href),
  });
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const firstVisit = !navigator.serviceWorker.controller;
  const serverRendered = document.getElementById('souq-state') !== null;
  const register = () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
    // (The worker stored this page itself: it answered its navigation.)
    const worker = navigator.serviceWorker.controller;
    if (worker && serverRendered) {
      worker.postMessage({ type: 'remember', data: dataUrls(pageData()) });
    }
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
