import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsBody } from '../../../shared/schemas/common';
import { healthResponse, languageParams, languageResponse } from '../../../shared/schemas/health';
import { LANGUAGE_COOKIE } from '../../plugins/pages';
import { updateUser } from '../users/users.repository';
import { ping } from './health.repository';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // 200 only when the database answers: a load balancer takes this instance out otherwise.
  app.get(
    '/healthz',
    { schema: { response: { 200: healthResponse, 503: errorsBody } } },
    async (_request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ errors: { global: ['database_unavailable'] } });
      }
    },
  );

  // The header's language link (SPEC §2): remember the choice and go back where the user was.
  app.get(
    '/localisation/:lang',
    { schema: { params: languageParams, response: { 200: languageResponse } } },
    async (request, reply) => {
      const { lang } = request.params;
      reply.setCookie(LANGUAGE_COOKIE, lang, {
        path: '/',
        sameSite: 'lax',
        maxAge: 365 * 86_400,
        secure: app.config.secureCookies,
      });
      if (request.user) await updateUser(app.db, request.user.id, { language: lang });
      if (request.wantsJson) return { language: lang };
      return reply.redirect(
        sameOriginPath(request.headers.referer, app.config.publicUrl, request.headers.host),
      );
    },
  );
};

/** Only a path on this site: never an open redirect to wherever the Referer points. */
function sameOriginPath(
  referer: string | undefined,
  publicUrl: string,
  host: string | undefined,
): string {
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    const ours = new URL(publicUrl);
    if (url.host !== ours.host && url.host !== host) return '/';
    return url.pathname + url.search;
  } catch {
    return '/';
  }
}

export default healthRoutes;
