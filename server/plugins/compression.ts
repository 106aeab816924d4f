import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendVary } from './vary';

// Pages and JSON answers of 1 KiB or more go gzipped to clients that take gzip (every browser):
// phones on slow, paid connections download a fraction as much. Files under /assets/ are
// compressed once at build time (vite.config.ts); an answer that is already encoded (the cached
// product read) is left alone.

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html|application\/xml)/;
/** A coding the client names, unless with q=0 ("not acceptable", RFC 9110 §12.5.3). */
const accepts = (coding: string) =>
  new RegExp(`\\b${coding}\\b(?!\\s*;\\s*q=0(?:\\.0*)?\\s*(?:,|$))`);
const ACCEPTS_GZIP = accepts('gzip');
const ACCEPTS_BROTLI = accepts('br');

/** Whether the client takes gzip (a Fastify request, or a raw one: front-lane.ts). */
export function acceptsGzip(request: Pick<FastifyRequest, 'headers'>): boolean {
  return ACCEPTS_GZIP.test(request.headers['accept-encoding'] ?? '');
}

/** Whether the client takes brotli (files compressed once, as the page stylesheets). */
export function acceptsBrotli(request: FastifyRequest): boolean {
  return ACCEPTS_BROTLI.test(request.headers['accept-encoding'] ?? '');
}

/** Answers that depend on Accept-Encoding must say so to caches. */
export function varyOnEncoding(reply: FastifyReply): void {
  appendVary(reply, 'accept-encoding');
}

export default fp(async (app) => {
  // Callback style: most answers pass through untouched, and need not cost a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? '')) ||
      Buffer.byteLength(payload) < MIN_BYTES
    ) {
      return done(null, payload);
    }
    varyOnEncoding(reply);
    if (!acceptsGzip(request)) return done(null, payload);
    reply.header('content-encoding', 'gzip').removeHeader('content-length');
    zlib.gzip(payload, { level: 6 }, done);
  });
});
