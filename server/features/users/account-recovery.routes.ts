import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../../shared/schemas/common';
import {
  forgotBody,
  resetBody,
  resetCodeBody,
  selfUserResponse,
  verifyPhoneBody,
} from '../../../shared/schemas/users';
import { authenticated, requireUser } from '../../plugins/session';
import { clientLimitKey } from '../../plugins/client-address';
import { formDone } from '../../plugins/no-script-forms';
import { parseForm } from '../../media/multipart';
import * as service from './account-recovery.service';
import { me } from './users.service';
import { toSelfUser } from './users.mapper';

// Issue 21 (DESIGN §4, docs/accounts.md): password reset and verified phones.
const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, secret: app.appSecret, publicUrl: app.config.publicUrl };
  const send: service.Send = {
    sms: (to, text) => app.dispatch('sms', to, text),
    mail: (to, mail) => app.dispatch('mail', to, mail),
  };

  app.post(
    '/password/forgot',
    { schema: { body: forgotBody, response: { 202: noContent } }, config: { form: true } },
    async (request, reply) => {
      const login = service.requiredLogin(request.body.login);
      app.assertCanSend(login.phone ? 'sms' : 'mail');
      await service.limitForgot(app.db, login, clientLimitKey(request));
      // The account is looked up after the answer: known and unknown logins answer alike.
      app.background(() => service.sendReset(deps, login, send));
      if (request.postedForm) {
        // Where the app goes next (forgot-password-page.tsx): the code's page, or "mail sent".
        const next = new URLSearchParams(
          login.phone !== undefined ? { login: login.phone } : { login: login.email, sent: 'mail' },
        );
        return formDone(request, reply, `/password/reset?${next}`);
      }
      return reply.status(202).send(null);
    },
  );

  // Issue 35 item 15: the code is checked on its own step, before the new password is typed.
  app.post(
    '/password/code',
    { schema: { body: resetCodeBody, response: { 204: noContent } } },
    async (request, reply) => {
      await service.checkResetCode(deps, request.body, clientLimitKey(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/password/reset',
    {
      schema: { body: resetBody, response: { 204: noContent } },
      config: { form: true },
      // The script-less code step posts here without a password (below): validation is read by
      // the handler, which throws it for every other request, exactly as Fastify would have.
      attachValidation: true,
    },
    async (request, reply) => {
      const posted = request.postedForm;
      if (posted?.values.step === 'code') {
        // The reset page's first step sent before the scripts arrived (web reset-password-page):
        // the code is checked as POST /password/code does, and the page comes back on the new
        // password's step with what was typed (a refused code: on the code's, with its error).
        const body = parseForm(resetCodeBody, posted.values);
        await service.checkResetCode(deps, body, clientLimitKey(request));
        return reply.page({}, { ...posted, errors: {} });
      }
      if (request.validationError) throw request.validationError;
      const user = await service.resetPassword(
        deps,
        request.body,
        clientLimitKey(request),
        app.config.scryptLogN,
      );
      // Every session of the user has ended; this device gets a new one (and a new XSRF token).
      await app.sessions.signIn(request, reply, user.id);
      if (request.postedForm) return formDone(request, reply, '/');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/phone/verify/send',
    { schema: { response: { 202: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      const user = requireUser(request);
      app.assertCanSend('sms');
      await service.sendPhoneCode(deps, user.id, clientLimitKey(request), send);
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/users/phone/verify',
    {
      schema: { body: verifyPhoneBody, response: { 200: selfUserResponse } },
      preValidation: authenticated,
    },
    async (request) => {
      const user = requireUser(request);
      await service.verifyPhone(deps, user.id, request.body.code, clientLimitKey(request));
      const self = (await me(app.db, user.id))!;
      return { user: toSelfUser(self.user, self.shops) };
    },
  );
};

export default accountRecoveryRoutes;
