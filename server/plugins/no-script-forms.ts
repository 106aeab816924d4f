import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeLocalPath } from '../../shared/domain/safe-path';
import { isUnechoed, type PostedForm } from '../../shared/domain/forms';

// Forms posted before the scripts arrive (issue 35 item 1, DESIGN §12): on a slow phone a person
// can submit the server-rendered sign-in form before the app has taken it over. Such a form posts
// (never GET: a password must not reach the address bar or the log) as
// application/x-www-form-urlencoded, without the app's X-Requested-With and X-XSRF-TOKEN headers;
// its XSRF token travels as the form field `_xsrf` (session.ts checks it once the body is
// parsed). A route that takes such posts says so with `config: { form: true }` and, on success,
// sends the visitor on with `formDone`; a refusal renders the same page again with the errors and
// what was typed (plugins/errors.ts), as the app would have shown them. Any other route answers a
// script-less post with the page and `form_needs_script`.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also takes the server-rendered form posted without scripts. */
    form?: boolean;
  }
  interface FastifyRequest {
    /** What a script-less form posted (passwords left out), read before its XSRF token is checked. */
    postedForm: PostedForm | null;
  }
}

/** A form's body is small: the sign-up form is the largest, well under this. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * A POST made by a browser's own form submission (no script): a navigation that takes a page back
 * (Accept: text/html), with a form body and without the app's X-Requested-With. Other clients that
 * leave the header out get the API's JSON refusal (419), as before.
 */
export function isNoScriptPost(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    request.headers['x-requested-with'] !== 'XMLHttpRequest' &&
    FORM_TYPES.test(request.headers['content-type'] ?? '') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The fields a page may show again: every one but the token and the passwords. */
export function postedValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  for (const [key, value] of Object.entries(body)) {
    if (!isUnechoed(key) && typeof value === 'string') values[key] = value;
  }
  return values;
}

/**
 * A script-less form's success: the browser goes on to `to` (a path on this site), or to the
 * form's own `next` field when it names one, with a 303 so that a reload does not post again.
 */
export function formDone(request: FastifyRequest, reply: FastifyReply, to: string) {
  const next = safeLocalPath(request.postedForm?.values.next) ?? to;
  return reply.header('cache-control', 'no-store').redirect(next, 303);
}

export default fp(async (app) => {
  app.decorateRequest('postedForm', null);
  // Fields by name, the first of each kept (a form sends each once; a forged one may repeat).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        if (!Object.hasOwn(fields, key)) fields[key] = value;
      }
      done(null, fields);
    },
  );
});
