import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants';
import { onLocalWrite } from '../db/write-tracker';
import { announce } from '../events/bus.repository';
import { acceptsGzip, varyOnEncoding } from './compression';
import { writePage } from './kept-answer';

// Issue 31 item 3 (docs/decisions.md "Anonymous pages cached"): a page rendered for a visitor
// who is not signed in is kept, per address (path and query), language and the status the route
// gave before rendering, and sent again — plain or gzipped, without rendering — until anything
// that could change a page is written, or TTL_MS has passed.
// - Invalidation is one generation counter: every statement of this process that writes a table
//   outside PRIVATE_TABLES bumps it (server/db/write-tracker.ts sees every query, so writes added
//   later are covered without being named here), and so does every such write announced by other
//   processes on PostgreSQL (the `write` channel of server/events/bus.ts: the triggers of
//   migration 012 at commit, and this process's own announcement after each response that
//   followed a write, for the tables without a trigger), and a reconnection of the bus.
// - An entry records the generation before its render began: a write during the render leaves it
//   stale at once. After each response that followed a write the generation moves once more (the
//   write's transaction has committed by then): a render that read the old rows in between is
//   not kept.
// - Never for a signed-in visitor (pages.ts asks only when `request.user` is null), never a form
//   posted back, never a page that holds the visitor's XSRF token (the no-script forms): those
//   render each time. A kept page holds no cookie: the session hook sets the visitor's own.
// - Bounded: least recently used entries go beyond PAGE_CACHE_MB (HTML and gzip counted).

/** Tables no public page shows (sessions, counters, a user's own lists…): writes there keep pages. */
export const PRIVATE_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'login_throttle',
  'rate_limits',
  'notifications',
  'frontend_logs',
  'product_daily_stats',
  'product_view_marks',
  'shop_daily_stats',
  'account_codes',
  'saved_searches',
  'saved_search_queue',
  'stream_leases',
  'settings',
]);
/** How long a kept page is served at most (its relative times, writes of the CLI on SQLite). */
export const TTL_MS = 30_000;
/** What other processes hear from this one: "a page's table was written" (server/events/bus.ts). */
const ANNOUNCEMENT = 'pages';

const gzip = promisify(zlib.gzip);

export interface KeptPage {
  status: number;
  html: Buffer;
  gzip: Promise<Buffer>;
  /** The gzip once made: a kept page is then sent without waiting on a promise. */
  zipped: Buffer | null;
  generation: number;
  at: number;
  /** Bytes held: the HTML, and the gzip once made. */
  size: number;
  /**
   * Whether the front lane may send it (pages-front-lane.ts), and the route that kept it (as
   * registered; null: the not-found handler) for its read limit; null when a request hook the
   * lane does not do (a database rate limit, XSRF) runs before that route.
   */
  front: { route: string | null } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: ReturnType<typeof createPageCache>;
  }
}

const shows = (tables: Set<string> | 'all') =>
  tables === 'all' || [...tables].some((table) => !PRIVATE_TABLES.has(table));

/** A render kept for signed-in visitors (pages.ts), with the generation it was begun in. */
interface KeptFor<T> {
  value: T;
  generation: number;
  at: number;
  size: number;
}

export function createPageCache<R = unknown>(maxBytes: number) {
  const entries = new Map<string, KeptPage>();
  // Renders kept for signed-in visitors (docs/decisions.md "Signed-in pages from kept parts"):
  // the same generation, age and byte budget as the pages, least recently used going first.
  const renders = new Map<string, KeptFor<R>>();
  const filling = new Map<string, Promise<KeptPage | null>>();
  let bytes = 0;
  let generation = 0;
  // keptServed: signed-in visitors' pages sent from a kept render (pages.ts); visitsReused: of
  // those, the ones sent as kept for the same visitor's earlier load; partsReused: a visitor's
  // parts not rendered for them, rendered for another with the same marks (lib/personal.tsx).
  const stats = {
    hits: 0,
    misses: 0,
    evictions: 0,
    keptServed: 0,
    visitsReused: 0,
    partsReused: 0,
  };

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  }

  function dropRender(key: string) {
    const entry = renders.get(key);
    if (!entry) return;
    renders.delete(key);
    bytes -= entry.size;
  }

  function evict() {
    for (const [old] of renders) {
      if (bytes <= maxBytes) break;
      dropRender(old);
      stats.evictions += 1;
    }
    for (const [old] of entries) {
      if (bytes <= maxBytes) break;
      drop(old);
      stats.evictions += 1;
    }
  }

  /**
   * The kept page if there is one still fresh (not waiting for one being rendered); counted as a
   * hit unless `count` is false (the front lane counts its own once it sends it).
   */
  function fresh(key: string, count = true): KeptPage | null {
    const entry = entries.get(key);
    if (entry && entry.generation === generation && Date.now() - entry.at < TTL_MS) {
      // Most recently used: to the end of the map's order.
      entries.delete(key);
      entries.set(key, entry);
      if (count) stats.hits += 1;
      return entry;
    }
    if (entry) drop(key);
    return null;
  }

  /** keyOf's key from its parts (the front lane has no Fastify request), else null. */
  function visitorKey(language: Language, presetStatus: number, url: string): string | null {
    return maxBytes === 0 ? null : `${language} ${presetStatus} ${url}`;
  }

  return {
    stats,
    get bytes() {
      return bytes;
    },
    /** The generation now: a render begun now is kept with it (`keepRender`). */
    get generation() {
      return generation;
    },
    /**
     * The key of a signed-in visitor's page, whose render may be kept for every signed-in visitor
     * (the parts that are theirs rendered apart), else null.
     */
    signedInKeyOf(request: FastifyRequest, presetStatus: number): string | null {
      if (maxBytes === 0 || !request.user) return null;
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      return `${request.language} ${presetStatus} ${request.url}`;
    },
    /** The render kept for `key` if nothing it shows was written since it began, nor TTL_MS passed. */
    keptRender(key: string): R | null {
      const entry = renders.get(key);
      if (entry && entry.generation === generation && Date.now() - entry.at < TTL_MS) {
        renders.delete(key);
        renders.set(key, entry);
        return entry.value;
      }
      if (entry) dropRender(key);
      return null;
    },
    /** Keeps a render begun at generation `started` (not if a write came since), of `size` bytes. */
    keepRender(key: string, value: R, size: number, started: number) {
      if (started !== generation || size > maxBytes / 8) return;
      dropRender(key);
      renders.set(key, { value, generation: started, at: Date.now(), size });
      bytes += size;
      evict();
    },
    /** `more` bytes held by `value`, the render kept for `key` (parts kept with it), if still kept. */
    grow(key: string, value: R, more: number) {
      const entry = renders.get(key);
      if (entry?.value !== value || more <= 0) return;
      entry.size += more;
      bytes += more;
      evict();
    },
    /** Anything a page shows may have changed: every kept page is stale. */
    invalidate() {
      generation += 1;
    },
    /** The key of a request whose page may be kept (a visitor not signed in), else null. */
    keyOf(request: FastifyRequest, presetStatus: number): string | null {
      if (request.user) return null;
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      return visitorKey(request.language, presetStatus, request.url);
    },
    visitorKey,
    fresh,
    /** The kept page, or the one being rendered for the same key by another request. */
    async get(key: string): Promise<KeptPage | null> {
      const kept = fresh(key);
      if (kept) return kept;
      const pending = filling.get(key);
      if (pending) {
        const page = await pending;
        if (page) stats.hits += 1;
        return page;
      }
      stats.misses += 1;
      return null;
    },
    /**
     * A render for `key` begins: requests for the same key wait for it. `done` with the page to
     * keep (null: this page is not kept, each renders its own).
     */
    begin(key: string) {
      const started = generation;
      let settle: (page: KeptPage | null) => void = () => {};
      const pending = new Promise<KeptPage | null>((resolve) => (settle = resolve));
      filling.set(key, pending);
      return {
        done(
          page: { status: number; html: string; front: KeptPage['front'] } | null,
        ): KeptPage | null {
          if (filling.get(key) !== pending) return null;
          filling.delete(key);
          // A page larger than an eighth of the whole is not worth the others it would push out.
          if (!page || Buffer.byteLength(page.html) > maxBytes / 8) {
            settle(null);
            return null;
          }
          const html = Buffer.from(page.html);
          const kept: KeptPage = {
            status: page.status,
            html,
            gzip: gzip(html, { level: 6 }),
            zipped: null,
            generation: started,
            at: Date.now(),
            size: html.length,
            front: page.front,
          };
          kept.gzip.then(
            (zipped) => (kept.zipped = zipped),
            () => {},
          );
          settle(kept);
          if (started !== generation) return kept;
          drop(key);
          entries.set(key, kept);
          bytes += kept.size;
          evict();
          kept.gzip.then(
            (zipped) => {
              if (entries.get(key) !== kept) return;
              kept.size += zipped.length;
              bytes += zipped.length;
              evict();
            },
            () => drop(key),
          );
          return kept;
        },
      };
    },
  };
}

/**
 * A page's headers, kept or a signed-in visitor's from a kept render (kept-visits.ts). Never kept
 * by a shared cache: a visitor's page holds no one's data, but the same address answers someone
 * signed in with theirs.
 */
export const KEPT_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-cache',
} as const;

/** A kept page's headers (those of its route's answer), and whether it goes gzipped. */
function keptHeaders(reply: FastifyReply, page: KeptPage): boolean {
  reply.status(page.status).headers(KEPT_PAGE_HEADERS);
  varyOnEncoding(reply);
  if (!acceptsGzip(reply.request)) return false;
  reply.header('content-encoding', 'gzip');
  return true;
}

/**
 * Sends a kept page: gzipped to a client that takes gzip, as the compression hook would. At once
 * when the gzip is made (a preHandler sends it without a promise), else once it is.
 */
export function sendKept(reply: FastifyReply, page: KeptPage): FastifyReply {
  return sendKeptBody(reply, page, keptHeaders(reply, page));
}

/** The kept page's body once its headers are set (`zipping`: as keptHeaders said). */
function sendKeptBody(reply: FastifyReply, page: KeptPage, zipping: boolean): FastifyReply {
  if (!zipping) return reply.send(page.html);
  if (page.zipped) return reply.send(page.zipped);
  page.gzip.then(
    (zipped) => reply.send(zipped),
    (error: unknown) => reply.send(error),
  );
  return reply;
}

/**
 * A kept page sent before its route (pages.ts) without the send hooks (kept-answer.ts), with the
 * headers they would add (`securityHeaders`, the negotiation's Vary), when nothing else is left
 * for them: no session cookie to set, the gzip made. Otherwise through them, as `sendKept`.
 */
export function writeKeptPage(
  reply: FastifyReply,
  page: KeptPage,
  securityHeaders: Readonly<OutgoingHttpHeaders>,
): void {
  const zipping = keptHeaders(reply, page);
  const body = zipping ? page.zipped : page.html;
  if (!body) sendKeptBody(reply, page, zipping);
  else writePage(reply, page.status, securityHeaders, body);
}

export default fp(async (app) => {
  const cache = createPageCache(app.config.pageCacheMb * 2 ** 20);
  app.decorate('pageCache', cache);
  let unannounced = false;
  const stopLocal = onLocalWrite((tables) => {
    if (!shows(tables)) return;
    cache.invalidate();
    unannounced = true;
  });
  const stopBus = app.events.subscribe('write', (table) => {
    if (!PRIVATE_TABLES.has(table)) cache.invalidate();
  });
  const stopResync = app.events.onResync(() => cache.invalidate());
  app.addHook('onClose', async () => {
    stopLocal();
    stopBus();
    stopResync();
  });

  // After a response that followed a write (its transaction committed): once more here, and on
  // PostgreSQL to every process (this one too), for the tables no trigger announces.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!unannounced) return done();
    unannounced = false;
    cache.invalidate();
    if (app.dialect === 'postgres') {
      announce(app.db, 'write', ANNOUNCEMENT).catch((error: unknown) =>
        request.log.warn({ err: error }, 'page cache: announce failed'),
      );
    }
    done();
  });
});
