import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { type Language } from '../../../shared/constants';
import { localPathOfUrl } from '../../../shared/domain/safe-path';
import { errorsBody } from '../../../shared/schemas/common';
import { healthResponse, languageParams, languageResponse } from '../../../shared/schemas/health';
import { LANGUAGE_COOKIE } from '../../plugins/page-language';
import { withoutLanguageParam } from '../../plugins/page-urls';
import { updateUser } from '../users/users.repository';
import { ping } from './health.repository';

/** A database that takes longer than this to answer `select 1` is as good as down for readiness. */
const READY_PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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

  // Readiness (issue 34 item 3, docs/operations.md "Readiness"): whether a load balancer should
  // send requests here. 503 while shutting down (from SIGTERM, SHUTDOWN_DRAIN_MS before the server
  // stops accepting) and while the database does not answer; main.ts answers 503 `starting` on the
  // port while migrations run, before this app exists (server/features/health/starting.ts).
  app.get(
    '/readyz',
    { schema: { response: { 200: healthResponse, 503: errorsBody } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.readiness.closing)
        return reply.status(503).send({ errors: { global: ['shutting_down'] } });
      try {
        await withTimeout(ping(app.db), READY_PING_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ errors: { global: ['database_unavailable'] } });
      }
    },
  );

  // The header's language link (SPEC §2): remember the choice in a cookie and go back where the
  // user was. A GET any site can trigger (an <img>), so it changes no stored data: the signed-in
  // user's own language changes through the POST below, which the web app sends first (XSRF).
  const rememberLanguage = (reply: FastifyReply, lang: Language) =>
    reply.setCookie(LANGUAGE_COOKIE, lang, {
      path: '/',
      sameSite: 'lax',
      maxAge: 365 * 86_400,
      secure: app.config.secureCookies,
    });

  app.get(
    '/localisation/:lang',
    { schema: { params: languageParams, response: { 200: languageResponse } } },
    async (request, reply) => {
      const { lang } = request.params;
      rememberLanguage(reply, lang);
      if (request.wantsJson) return { language: lang };
      // Only a path on this site: never an open redirect to wherever the Referer points.
      const hosts = [new URL(app.config.publicUrl).host, request.headers.host ?? ''];
      // Without the page's `?lang=` (issue 16), which would win over the language just chosen.
      const back = localPathOfUrl(request.headers.referer, hosts);
      return reply.redirect(back ? withoutLanguageParam(back) : '/');
    },
  );

  app.post(
    '/localisation/:lang',
    { schema: { params: languageParams, response: { 200: languageResponse } } },
    async (request, reply) => {
      const { lang } = request.params;
      rememberLanguage(reply, lang);
      if (request.user) await updateUser(app.db, request.user.id, { language: lang });
      return { language: lang };
    },
  );
};

export default healthRoutes;
