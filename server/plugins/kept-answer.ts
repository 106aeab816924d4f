import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { answered } from './deadline';

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
  // Straight to Node: Fastify's own checks of each header are Node's again in writeHead.
  reply.raw.writeHead(status, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    ...headers,
    'content-length': length,
  });
  reply.raw.end(body);
}
