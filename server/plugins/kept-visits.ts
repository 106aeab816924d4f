import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { acceptsGzip, varyOnEncoding } from './compression';
import { splice, splicedGzip, splicedText, type Spliced } from './spliced-gzip';

// A signed-in visitor's page from a kept render (pages.ts, docs/decisions.md "Signed-in pages from
// kept parts"), kept for their next loads: their parts, marks and data rendered into the kept
// document once, their session's XSRF token left out (so for any of their sessions), the pieces
// around it gzipped once (spliced-gzip.ts). Kept in the page cache under its generation (a public
// write — an edit, a save, a change of name — makes it stale), keyed by the kept render it was
// made from, who the visitor is and their unread count (read each time: notifications are not a
// public write). Those, with the visitor's marks and `me`, are all their parts are rendered from.

/**
 * Where the visitor's token goes in the page rendered for them: random, so no page's text holds
 * it; base64url, as the tokens are, so the same in the HTML and in the page's JSON.
 */
export const TOKEN_SLOT = crypto.randomBytes(24).toString('base64url');

/** One visitor's page from a kept render, their token left out. */
export interface KeptVisit {
  status: number;
  page: Spliced;
}

/** The key of a visitor's page from the kept render `keptId` of the page at `key`. */
export const visitKeyOf = (key: string, keptId: number, userId: number, unread: number) =>
  `${key}\n${keptId} ${userId} ${unread}`;

/**
 * A visitor's page rendered with TOKEN_SLOT for their token, cut and compressed for keeping; its
 * pieces refer across tokens of `token`'s length (every token has the same).
 */
export function keptVisit(status: number, html: string, token: string): KeptVisit {
  return { status, page: splice(html.split(TOKEN_SLOT), Buffer.byteLength(token)) };
}

/** Sends a visitor's kept page with their token: gzipped, without compressing, when taken. */
export function sendVisit(reply: FastifyReply, visit: KeptVisit, token: string): FastifyReply {
  reply
    .status(visit.status)
    .type('text/html; charset=utf-8')
    // The page holds the visitor's own data (who is signed in): never shared by caches.
    .header('cache-control', 'private, no-cache');
  varyOnEncoding(reply);
  if (!acceptsGzip(reply.request)) return reply.send(splicedText(visit.page, token));
  return reply.header('content-encoding', 'gzip').send(splicedGzip(visit.page, token));
}
