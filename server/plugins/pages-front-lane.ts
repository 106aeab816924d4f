import type { OutgoingHttpHeader } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { readLimitHeaders } from '../limits/read-limit';
import { rawClientLimitKey } from './client-address';
import { acceptsGzip } from './compression';
import { FRONT_VARY, writeFront, type FrontLane } from './front-lane';
import { asksJson } from './negotiation';
import { LANGUAGE_COOKIE, visitorLanguage } from './page-language';
import { LANGUAGE_PARAM } from './page-urls';

// Issue 31 item 4 (docs/decisions.md "Kept answers in front of Fastify"): a page kept for
// visitors (page-cache.ts) sent in front of Fastify (front-lane.ts), as pages.ts's
// `visitorsKeptPage` sends it once the request hooks have run: a GET of a page (not JSON) from a
// visitor whose cookies need nothing, in the language those and Accept-Language give (an address
// that names its language goes Fastify's way), kept under the status every route presets (200),
// by a route whose only request hook the lane does not do itself is none (`KeptPage.front`), its
// read limit counted in the route's own window. The same status, headers and bytes as Fastify's
// way (pages-front-lane.test.ts).

export function pagesFrontLane(app: FastifyInstance): FrontLane {
  const clientKey = rawClientLimitKey(app.config.trustProxy);
  const security = Object.entries(app.documentSecurityHeaders).flat() as OutgoingHttpHeader[];
  return (req, res) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || asksJson(req.headers)) return false;
    const query = url.indexOf('?');
    if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has(LANGUAGE_PARAM)) return false;
    const cookies = app.sessions.visitorCookies(req.headers.cookie);
    if (!cookies) return false;
    const language = visitorLanguage(cookies[LANGUAGE_COOKIE], req.headers['accept-language']);
    const key = app.pageCache.visitorKey(language, 200, url);
    const kept = key ? app.pageCache.fresh(key, false) : null;
    if (!kept?.front) return false;
    const started = app.metrics ? performance.now() : 0;
    const gzip = acceptsGzip(req);
    const body = gzip ? kept.zipped : kept.html;
    if (!body) return false;
    const headers: OutgoingHttpHeader[] = [];
    const { route } = kept.front;
    const limit = route === null ? undefined : app.readWindows.get(`GET ${route}`);
    if (limit) {
      const counted = limit.window.hit(clientKey(req));
      if (!counted.allowed) return false;
      headers.push(...readLimitHeaders(limit, counted.count).flat());
    }
    app.pageCache.stats.hits += 1;
    headers.push('content-type', 'text/html; charset=utf-8', 'cache-control', 'private, no-cache');
    headers.push('vary', FRONT_VARY);
    if (gzip) headers.push('content-encoding', 'gzip');
    headers.push(...security);
    app.metrics?.requestSeconds.observe(
      { method: 'GET', route: route ?? 'unmatched', status: kept.status },
      (performance.now() - started) / 1000,
    );
    return writeFront(res, kept.status, headers, body);
  };
}
