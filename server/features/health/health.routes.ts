import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { localPathOfUrl } from '../../../shared/domain/safe-path';
import { languageAnswer } from '../../../shared/schemas/users';
import { LANGUAGE_COOKIE } from '../../plugins/pages';
import { updateUser } from '../users/users.repository';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // 200 only when the database answers: a load balancer takes this instance out otherwise.
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ errors: { global: ['database_unavailable'] } });
    }
  });

  // The header's language link (SPEC §2): remember the choice in a cookie and go back where the
  // user was. A GET any site can trigger (an <img>), so it changes no stored data: the signed-in
  // user's own language changes through the POST below, which the web app sends first (XSRF).
  const languageParams = z.object({ lang: z.enum(LANGUAGES) });
  const rememberLanguage = (reply: FastifyReply, lang: Language) =>
    reply.setCookie(LANGUAGE_COOKIE, lang, {
      path: '/',
      sameSite: 'lax',
      maxAge: 365 * 86_400,
      secure: app.config.secureCookies,
    });

  app.get('/localisation/:lang', { schema: { params: languageParams } }, async (request, reply) => {
    const { lang } = request.params;
    rememberLanguage(reply, lang);
    if (request.wantsJson) return { language: lang };
    // Only a path on this site: never an open redirect to wherever the Referer points.
    const hosts = [new URL(app.config.publicUrl).host, request.headers.host ?? ''];
    return reply.redirect(localPathOfUrl(request.headers.referer, hosts) ?? '/');
  });

  app.post(
    '/localisation/:lang',
    { schema: { params: languageParams, response: { 200: languageAnswer } } },
    async (request, reply) => {
      const { lang } = request.params;
      rememberLanguage(reply, lang);
      if (request.user) await updateUser(app.db, request.user.id, { language: lang });
      return { language: lang };
    },
  );
};

export default healthRoutes;
