import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants';
import { resolveLanguage } from './page-language';
import { appendVary } from './vary';

// JSON or page (DESIGN §3): a request made by script, or one that asks for JSON, gets JSON; any
// other GET gets the web app's HTML (pages.ts), in the visitor's language.

declare module 'fastify' {
  interface FastifyRequest {
    wantsJson: boolean;
    language: Language;
  }
}

/** An answer that depended on `wantsJson` varies with the two headers it reads (issue 14 item 12). */
export function varyOnNegotiation(reply: FastifyReply): void {
  appendVary(reply, 'Accept', 'X-Requested-With');
}

/** Whether a request with these headers gets JSON rather than a page (`request.wantsJson`). */
export function asksJson(headers: IncomingHttpHeaders): boolean {
  return (
    headers['x-requested-with'] === 'XMLHttpRequest' ||
    (headers.accept ?? '').includes('application/json')
  );
}

export default fp(async (app) => {
  // The requests whose answer has depended on wantsJson: caches must be told (varyOnNegotiation).
  const negotiated = new WeakSet<FastifyRequest>();
  app.decorateRequest('wantsJson', {
    getter(this: FastifyRequest) {
      negotiated.add(this);
      return asksJson(this.headers);
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (negotiated.has(request)) varyOnNegotiation(reply);
    done(null, payload);
  });
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return resolveLanguage(this);
    },
  });
});
