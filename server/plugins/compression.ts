import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Pages and JSON answers of 1 KiB or more go gzipped to clients that take gzip (every browser):
// phones on slow, paid connections download a fraction as much. Files under /assets/ are
// compressed once at build time (vite.config.ts); an answer that is already encoded (the cached
// product read) is left alone.

const gzip = promisify(zlib.gzip);
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html)/;
const ACCEPTS_GZIP = /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/;

export function acceptsGzip(request: FastifyRequest): boolean {
  return ACCEPTS_GZIP.test(request.headers['accept-encoding'] ?? '');
}

/** Answers that depend on Accept-Encoding must say so to caches. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) {
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
}

export default fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < MIN_BYTES) return payload;
    varyOnEncoding(reply);
    if (!acceptsGzip(request)) return payload;
    reply.header('content-encoding', 'gzip').removeHeader('content-length');
    return gzip(payload, { level: 6 });
  });
});
