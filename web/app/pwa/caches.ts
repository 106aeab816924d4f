// The service worker's caches and what goes in each (docs/offline.md). Plain data, shared by the
// worker (web/app/pwa/sw.ts) and its tests: no browser API here.

export const CACHE = {
  /** Pages (HTML navigations) already seen: network first, this when the network fails. */
  pages: 'souq-pages',
  /** The signed-in user's JSON answers (offers, saved offers, lists, `me`). */
  data: 'souq-data',
  /** Photos (/media/...): public, kept across users, cache first. */
  media: 'souq-media',
  /** Page chunks not precached (hashed names: never change). */
  assets: 'souq-assets',
} as const;

/** What a user sees and nobody else should: dropped when someone signs in or out. */
export const USER_CACHES = [CACHE.pages, CACHE.data];

/**
 * Requests after which USER_CACHES are dropped: sign-in, sign-up, sign-out, a password reset
 * (which signs the device in as the account's owner: issue 29 item 12), language.
 */
export const SESSION_CHANGES = /^\/(login|register|logout|password\/reset|localisation\/[a-z]+)$/;

/**
 * Whether this request changes who is signed in (or the language), so USER_CACHES must go. Opening
 * a form is not signing in: only its POST counts (the language link is a GET).
 */
export function changesSession(method: string, pathname: string): boolean {
  const changing = method !== 'GET' || pathname.startsWith('/localisation/');
  return changing && SESSION_CHANGES.test(pathname);
}

/** Never cached, whoever asks: admin, account, notifications, sign-in and reset forms, events. */
export const PRIVATE =
  /^\/(admin|account|notifications|login|register|logout|password|localisation)(\/|$)/;

/** JSON reads (GET) kept for offline reading. */
export const DATA_GETS = [
  /^\/products\/product\/\d+$/,
  /^\/products\/similar\/\d+$/,
  /^\/users\/me$/,
  /^\/(pcategories|psubcategories|pfields)\//,
];

/**
 * A page's stylesheets (hashed names under /assets/, a page's own ones combined in
 * /assets/views/: server/plugins/page-styles.ts). The first visit's were fetched before the worker
 * was there: they are kept with its page, else that page would open offline without its styles.
 */
export const STYLESHEET = /^\/assets\/(views\/)?[\w-]+\.css$/;

/** Reads the API makes with POST (DESIGN §4: lists and saved offers), cached by their body. */
export const DATA_POSTS = [
  /^\/products\/[a-z_]+\/\d+\/search$/,
  /^\/products\/favorites\/paginate$/,
];

/** A request made by the web app's HTTP client (web/lib/http.ts), answered with JSON. */
export function wantsJson(headers: Headers): boolean {
  return (
    headers.get('X-Requested-With') === 'XMLHttpRequest' ||
    (headers.get('Accept') ?? '').includes('application/json')
  );
}

/** The GET key a POST read is cached under: its path and its body. */
export function postReadKey(url: string, body: string): string {
  const key = new URL(url);
  key.searchParams.set('__body', body);
  return key.href;
}

/** Seconds a navigation waits for the network before the cached page is shown. */
export const NETWORK_TIMEOUT_SECONDS = 4;
