import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { acceptsGzip, varyOnEncoding } from './compression';
import { writePage } from './kept-answer';
import { KEPT_PAGE_HEADERS } from './page-cache';
import type { KeptRender } from './page-render';
import { splice, splicedGzip, splicedText, type Spliced } from './spliced-gzip';

// A signed-in visitor's page from a kept render (pages.ts, docs/decisions.md "Signed-in pages from
// kept parts"), kept for their next loads: their parts, marks and data rendered into the kept
// document once, their session's XSRF token left out (so for any of their sessions), the pieces
// around it gzipped once (spliced-gzip.ts). Kept in the page cache under its generation (a public
// write — an edit, a save, a change of name — makes it stale), keyed by the kept render it was
// made from, who the visitor is and their unread count (read each time: notifications are not a
// public write). Those, with the visitor's marks and `me`, are all their parts are rendered from.
// Requests for a kept render or a visitor's page being made wait for it (`oneAtATime`).

/** A page kept for signed-in visitors: the document around #root and the data, and the render. */
export interface KeptDocument {
  /** Which render (a visitor's page kept from it names it), and the generation it was begun in. */
  id: number;
  generation: number;
  render: KeptRender;
  status: number;
  before: string;
  between: string;
  after: string;
}
/** Where a kept document's #root content and data go (characters no page holds). */
export const ROOT_SLOT = '\u0000root\u0000';
export const STATE_SLOT = '\u0000state\u0000';
/** The token a kept render's forms get: in its HTML, a form is outside the visitor's parts. */
export const STAND_IN_TOKEN = 'kept-render-stand-in-token';

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

/**
 * Sends a visitor's kept page with their token: gzipped, without compressing, when taken. Written
 * without the send hooks (kept-answer.ts), with the headers they would add (`securityHeaders`,
 * the negotiation's Vary), unless the answer sets the session's cookies (their hook writes them).
 */
export function sendVisit(
  reply: FastifyReply,
  visit: KeptVisit,
  token: string,
  securityHeaders: Readonly<OutgoingHttpHeaders>,
): FastifyReply {
  reply.status(visit.status).headers(KEPT_PAGE_HEADERS);
  varyOnEncoding(reply);
  const gzip = acceptsGzip(reply.request);
  if (gzip) reply.header('content-encoding', 'gzip');
  const body = gzip ? splicedGzip(visit.page, token) : splicedText(visit.page, token);
  writePage(reply, visit.status, securityHeaders, body);
  return reply;
}

/**
 * One `make` at a time per key: requests for the same page wait for the one being made (a kept
 * render, or a visitor's page from it), instead of each making its own when it has gone (a write,
 * its 30 s) while many are asking.
 */
export function oneAtATime() {
  const pending = new Map<string, Promise<unknown>>();
  return <T>(key: string, make: () => Promise<T>): Promise<T> => {
    const running = pending.get(key) as Promise<T> | undefined;
    if (running) return running;
    const made = make().finally(() => pending.delete(key));
    pending.set(key, made);
    return made;
  };
}
