import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { answered } from './deadline';
import { varyOnNegotiation } from './negotiation';

// Issue 31 item 4: an answer made in advance (a visitor's kept offer, products.routes.ts; a kept
// page, pages.ts) is written by its hook without the send hooks, about a quarter of such a read's
// CPU (docs/performance.md "Kept answers before the route"). The caller sets on the reply every
// header those hooks would have added; the tests send both ways and compare the answers.

/** How many answers were written so (the tests tell the two ways apart by it). */
export const keptAnswerStats = { written: 0 };

/**
 * Writes `body` at `status` with the reply's headers and `headers`, the send hooks skipped. The
 * request's deadline is told here; the count of open requests closes on the response (app.ts).
 */
export function writeKept(
  reply: FastifyReply,
  status: number,
  headers: Readonly<OutgoingHttpHeaders>,
  body: Buffer | string,
): void {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  reply.hijack();
  keptAnswerStats.written += 1;
  answered(reply.request);
  // Straight to Node as a flat list of names and values: an object spread of some twenty headers
  // took V8's slow path (25 µs a request, against under 1 µs for the list).
  const own = reply.getHeaders();
  const list: OutgoingHttpHeader[] = [];
  for (const name in own) {
    const value = own[name];
    // `headers` win, as the send hooks' would.
    if (value !== undefined && !(name in headers)) list.push(name, value);
  }
  for (const name in headers) list.push(name, headers[name]!);
  list.push('content-length', length);
  reply.raw.writeHead(status, list);
  reply.raw.end(body);
}

/**
 * A page's answer (a kept one, or a signed-in visitor's from a kept render) written by
 * `writeKept`, with the negotiation's Vary; through the send hooks instead when the answer sets
 * the session's cookies (their hook writes them).
 */
export function writePage(
  reply: FastifyReply,
  status: number,
  securityHeaders: Readonly<OutgoingHttpHeaders>,
  body: Buffer | string,
): void {
  if (reply.request.setsSessionCookies) {
    reply.send(body);
    return;
  }
  // The page was chosen over JSON (negotiation.ts).
  varyOnNegotiation(reply);
  writeKept(reply, status, securityHeaders, body);
}
