import type { OutgoingHttpHeader } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { frontSender, type FrontLane } from './front-lane';
import { asksJson } from './negotiation';
import { KEPT_PAGE_HEADERS } from './page-cache';
import { LANGUAGE_COOKIE, visitorLanguage } from './page-language';
import { ASSETS_PREFIX, LANGUAGE_PARAM } from './page-urls';

// Issue 31 item 4 (docs/decisions.md "Kept answers in front of Fastify"): a page kept for
// visitors (page-cache.ts) sent in front of Fastify (front-lane.ts), as pages.ts's
// `visitorsKeptPage` sends it once the request hooks have run: a GET of a page (not JSON) from a
// visitor whose cookies need nothing, in the language those and Accept-Language give (an address
// that names its language goes Fastify's way), kept under the status every route presets (200),
// by a route whose only request hook the lane does not do itself is none (`KeptPage.front`), its
// read limit counted in the route's own window. The same status, headers and bytes as Fastify's
// way (pages-front-lane.test.ts).

export function pagesFrontLane(app: FastifyInstance): FrontLane {
  const send = frontSender(app);
  const headers = [
    ...Object.entries(KEPT_PAGE_HEADERS),
    ...Object.entries(app.documentSecurityHeaders),
  ].flat() as OutgoingHttpHeader[];
  return (req, res) => {
    const url = req.url ?? '';
    // The assets are files (Fastify's static route): no page is kept there.
    if (req.method !== 'GET' || url.startsWith(ASSETS_PREFIX) || asksJson(req.headers)) {
      return false;
    }
    const query = url.indexOf('?');
    if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has(LANGUAGE_PARAM)) return false;
    const cookies = app.sessions.visitorCookies(req.headers.cookie);
    if (!cookies) return false;
    const language = visitorLanguage(cookies[LANGUAGE_COOKIE], req.headers['accept-language']);
    const key = app.pageCache.visitorKey(language, 200, url);
    const kept = key ? app.pageCache.fresh(key, false) : null;
    if (!kept?.front) return false;
    const { status, html, zipped } = kept;
    if (!send(req, res, { status, route: kept.front.route, headers, plain: html, gzip: zipped })) {
      return false;
    }
    app.pageCache.stats.hits += 1;
    return true;
  };
}
