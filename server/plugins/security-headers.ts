import type { OutgoingHttpHeaders } from 'node:http';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

// Helmet's security headers (CSP and the rest). @fastify/helmet builds Helmet's middleware anew
// for every request, parsing the CSP each time (some 6 % of the CPU of a cached product read).
// Ours do not vary per request (no nonces), so Helmet works them out once, on a probe request to a
// bare server, and every reply gets them as they are (a JSON answer without those only a document
// acts on).
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()';

/**
 * Helmet's headers that only a document (an HTML page) acts on: a JSON answer goes without them.
 * Browsers apply the opener policy and the origin-keyed agent cluster to documents only; the
 * referrer policy to what a document requests (and to redirects, which are not JSON); DNS
 * prefetching, IE8's download option and the old XSS filter to HTML. The CSP, nosniff, the frame
 * and resource policies and the Permissions-Policy stay on every answer (server/app.test.ts,
 * headers.test.ts).
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
]);

export default fp(async (app, options: FastifyHelmetOptions) => {
  const probe = Fastify({ logger: false });
  const bare = Fastify({ logger: false });
  await probe.register(helmet, options);
  for (const server of [probe, bare]) server.get('/', async () => '');
  const [withHelmet, without] = await Promise.all([probe.inject('/'), bare.inject('/')]);
  await Promise.all([probe.close(), bare.close()]);
  const headers = Object.fromEntries(
    Object.entries(withHelmet.headers).filter(([name]) => !(name in without.headers)),
  );
  // Helmet has no Permissions-Policy: the map asks for the visitor's position (search nearby, the
  // route to a shop); nothing uses the camera or microphone (photos come through file inputs,
  // which need no permission), nor payment or USB (issue 14 item 12).
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const json: OutgoingHttpHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.has(name)),
  );
  app.decorate('jsonSecurityHeaders', json);
  app.decorate('documentSecurityHeaders', headers);
  // Once the answer's type is known (issue 31 item 4: the headers were some 1.2 KB of a JSON
  // read's answer). No route sets one of these itself: one that did would be overridden here.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('application/json') ? json : headers);
    done(null, payload);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a JSON answer (for one sent without the send hooks). */
    jsonSecurityHeaders: Readonly<OutgoingHttpHeaders>;
    /** The security headers of any other answer (a page), for one sent without the send hooks. */
    documentSecurityHeaders: Readonly<OutgoingHttpHeaders>;
  }
}
