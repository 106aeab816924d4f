/// <reference lib="webworker" />
// The service worker (DESIGN §11 "Offline and install", docs/offline.md), built by vite-plugin-pwa
// (injectManifest) into dist/web/sw.js. The shell and both dictionaries are precached; pages are
// network first with a timeout, then the page as last seen, then the offline page; the JSON the
// app reads (offers, saved offers, lists) network first, then as last read; photos cache first.
// Page URLs and API URLs are the same paths: navigations and JSON requests go to separate caches.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  CACHE,
  DATA_GETS,
  DATA_POSTS,
  NETWORK_TIMEOUT_SECONDS,
  PRIVATE,
  STYLESHEET,
  changesSession,
  USER_CACHES,
  postReadKey,
  wantsJson,
} from './caches';

declare let self: ServiceWorkerGlobalScope;

const DAY = 86_400;
const OFFLINE_PAGE = '/offline.html';

self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
// The server's answers vary with Accept and X-Requested-With; each cache holds one kind only.
const matchOptions = { ignoreVary: true };

// Sign-in, sign-up, sign-out, a password reset, a language change: what the previous user saw
// goes (before the request is even answered, so nothing of theirs is served to the next one).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (sameOrigin(url) && changesSession(event.request.method, url.pathname)) {
    event.waitUntil(dropUserCaches());
  }
});

function dropUserCaches() {
  return Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}

/**
 * Only a 200, and only once its whole body has arrived: a download cut halfway (the network going
 * down) must not replace, and so lose, the copy already kept.
 */
async function wholeBody(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  try {
    const body = await response.blob();
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  } catch {
    return null;
  }
}
const complete: WorkboxPlugin = { cacheWillUpdate: ({ response }) => wholeBody(response) };

// Pages: network first (4 s), then as last seen, then the offline page.
const pages = new NetworkFirst({
  cacheName: CACHE.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions,
  plugins: [complete, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url),
  async (options) => {
    if (!PRIVATE.test(options.url.pathname)) {
      try {
        return await pages.handle(options);
      } catch {
        // Neither the network nor a copy: the offline page below.
      }
    } else {
      try {
        return await fetch(options.request);
      } catch {
        // Offline: the offline page below.
      }
    }
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  },
);

// JSON reads by GET: network first (no timeout: the app shows its own loading state).
const data = new NetworkFirst({
  cacheName: CACHE.data,
  matchOptions,
  plugins: [complete, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY })],
});
registerRoute(
  ({ request, url }) =>
    sameOrigin(url) &&
    wantsJson(request.headers) &&
    DATA_GETS.some((path) => path.test(url.pathname)),
  data,
);

// Lists and saved offers, which the API reads by POST: network first, kept under their body.
registerRoute(
  ({ request, url }) =>
    sameOrigin(url) &&
    wantsJson(request.headers) &&
    DATA_POSTS.some((path) => path.test(url.pathname)),
  async ({ request }) => {
    const key = postReadKey(request.url, await request.clone().text());
    try {
      const response = await fetch(request);
      const copy = await wholeBody(response.clone());
      if (copy) await caches.open(CACHE.data).then((cache) => cache.put(key, copy));
      return response;
    } catch (error) {
      const cached = await caches.match(key, { cacheName: CACHE.data, ...matchOptions });
      if (cached) return cached;
      throw error;
    }
  },
  'POST',
);

// Photos (not videos, which are read by ranges): cache first, 300 of them for 30 days at most (and gone first when space runs short).
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && sameOrigin(url) && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: CACHE.media,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Page chunks and their styles that are not precached: hashed names, cache first.
const assets = new CacheFirst({
  cacheName: CACHE.assets,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'), assets);

// The first visit's page and offer were fetched before this worker controlled the page: the page
// (web/app/pwa/register.ts) names them once it is controlled, and they are stored now.
self.addEventListener('message', (event) => {
  const message = event.data as {
    type?: string;
    page?: string;
    data?: string[];
    styles?: string[];
  } | null;
  if (message?.type !== 'remember') return;
  event.waitUntil(remember(event, message.page, message.data ?? [], message.styles ?? []));
});

async function remember(
  event: ExtendableEvent,
  page: string | undefined,
  urls: string[],
  styles: string[],
) {
  const tasks: Promise<unknown>[] = [];
  for (const href of styles) {
    const url = new URL(href, self.location.href);
    if (sameOrigin(url) && STYLESHEET.test(url.pathname)) {
      tasks.push(assets.handle({ event, request: new Request(url.href) }));
    }
  }
  const pageUrl = page ? new URL(page, self.location.href) : null;
  if (pageUrl && sameOrigin(pageUrl) && !PRIVATE.test(pageUrl.pathname)) {
    tasks.push(
      pages.handle({
        event,
        request: new Request(pageUrl.href, { headers: { Accept: 'text/html' } }),
      }),
    );
  }
  for (const href of urls) {
    const url = new URL(href, self.location.href);
    if (!sameOrigin(url) || !DATA_GETS.some((path) => path.test(url.pathname))) continue;
    const headers = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    tasks.push(data.handle({ event, request: new Request(url.href, { headers }) }));
  }
  await Promise.allSettled(tasks);
}
