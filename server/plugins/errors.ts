import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, refuseNulBytes } from '../errors';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/unavailable';
import { isNoScriptPost } from './no-script-forms';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs, in DESIGN §3's
 * shape. A path part past the router's length limit names nothing (404); a URL whose
 * percent-encoding does not decode is bad input (400).
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(404).send({ errors: { global: ['not_found'] } });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ errors: { global: ['bad_input'] } });
  }
  return reply.status(500).send({ errors: { global: ['server_error'] } });
}

/** 503's body when the server could not answer in time or is saturated: try again shortly. */
export const serverBusy = { errors: { global: ['server_busy'] } };

// One place turns every failure into DESIGN §3's errors object. Bad input is a 4xx, never a 500.
export default fp(async (app) => {
  // After validation, before any handler: one check for every route's params, query and body
  // (forms read by the handler are checked by readForm).
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      refuseNulBytes(request.params, 'path');
      refuseNulBytes(request.query);
      refuseNulBytes(request.body);
    } catch (error) {
      return done(error as FastifyError);
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A path id that is not a positive integer names nothing: 404, as an unknown id would. A page
    // asked for by the browser gets the app's not-found page (rendered with its 404).
    if (
      hasZodFastifySchemaValidationErrors(error) &&
      error.validationContext === 'params' &&
      request.method === 'GET' &&
      !request.wantsJson
    ) {
      return reply.status(404).page();
    }
    const { status, errors, headers = {} } = failure(error, request, reply);
    reply.status(status).headers(headers);
    if (isNoScriptPost(request) && app.hasReplyDecorator('page')) {
      // A form posted before the scripts arrived (no-script-forms.ts): the person gets the same
      // page again with the errors the app would have shown, what they typed, and a fresh token.
      const posted = request.postedForm ?? { action: request.url.split('?', 1)[0], values: {} };
      return reply.page({}, { ...posted, errors });
    }
    return reply.send({ errors });
  });
});

interface Failure {
  status: number;
  errors: Record<string, string[]>;
  headers?: Record<string, string | number | string[]>;
}

/** The answer to a failure: its status and DESIGN §3's errors object. Bad input is never a 500. */
function failure(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Failure {
  if (error instanceof HttpError) {
    return { status: error.statusCode, errors: error.errors, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (error.validationContext === 'params') {
      return { status: 404, errors: { global: ['not_found'] } };
    }
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.split('/')[1] || 'global';
      const key = issue.message ?? 'bad_input';
      const list = (errors[field] ??= []);
      if (!list.includes(key)) list.push(key);
    }
    return { status: 422, errors };
  }
  const status = error.statusCode ?? 500;
  if (
    status === 413 ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.code === 'FST_FILES_LIMIT'
  ) {
    return { status: 413, errors: { global: ['too_large'] } };
  }
  if (status === 429) {
    return {
      status: 429,
      errors: { global: ['too_many_attempts'] },
      headers: { 'retry-after': String(reply.getHeader('retry-after') ?? '60') },
    };
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, empty body with a JSON content type, and the like.
    const key =
      status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : 'malformed_body';
    return { status: status === 404 || status === 415 ? status : 400, errors: { global: [key] } };
  }
  if (isDatabaseUnavailable(error)) {
    // Not a fault of this request: the database is restarting or busy. Try again shortly.
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      errors: { global: ['database_unavailable'] },
      headers: { 'retry-after': '5' },
    };
  }
  if (isStatementTimeout(error)) {
    // A statement ran past STATEMENT_TIMEOUT_MS and PostgreSQL cancelled it: the server is busy.
    request.log.warn({ err: error }, 'statement timeout');
    return { status: 503, errors: serverBusy.errors, headers: { 'retry-after': '5' } };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, errors: { global: ['server_error'] } };
}
