import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../../shared/schemas/common';
import {
  loginBody,
  meResponse,
  passwordBody,
  registerBody,
  selfUserResponse,
} from '../../../shared/schemas/users';
import { authenticated, requireUser } from '../../plugins/session';
import { HttpError } from '../../errors';
import { clientLimitKey } from '../../plugins/client-address';
import { formDone } from '../../plugins/no-script-forms';
import { privateAnswer } from '../../plugins/private-answers';
import * as service from './users.service';
import { toSelfUser } from './users.mapper';

// DESIGN §4: register, login, logout, me, password.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scryptLogN } = app.config;
  // `form`: the server-rendered forms also work when posted before the scripts arrive.
  const signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' }, form: true };

  app.post(
    '/register',
    { schema: { body: registerBody, response: { 201: selfUserResponse } }, config: signInLimit },
    async (request, reply) => {
      const user = await service.register(app.db, request.body, scryptLogN);
      await app.sessions.signIn(request, reply, user.id);
      if (request.postedForm) return formDone(request, reply, '/');
      privateAnswer(reply);
      const self = await service.me(app.db, user.id);
      return reply.status(201).send({ user: toSelfUser(self!.user, self!.shops) });
    },
  );

  app.post(
    '/login',
    { schema: { body: loginBody, response: { 200: selfUserResponse } }, config: signInLimit },
    async (request, reply) => {
      const user = await service
        .login(app.db, request.body, clientLimitKey(request), scryptLogN)
        .catch((error: unknown) => {
          // Issue 29 item 12: a refused sign-in is an everyday event, not a fault: one info line
          // with the answer given (no stack, no login or password).
          if (error instanceof HttpError) {
            request.log.info({ status: error.statusCode, errors: error.errors }, 'sign-in refused');
          }
          throw error;
        });
      await app.sessions.signIn(request, reply, user.id);
      if (request.postedForm) return formDone(request, reply, '/');
      privateAnswer(reply);
      const self = await service.me(app.db, user.id);
      return { user: toSelfUser(self!.user, self!.shops) };
    },
  );

  app.post('/logout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return reply.status(204).send(null);
  });

  app.get('/users/me', { schema: { response: { 200: meResponse } } }, async (request, reply) => {
    // Even { user: null }: a cache must not answer it to someone signed in, or the reverse.
    privateAnswer(reply);
    return { user: await service.selfUser(app.db, request.user) };
  });

  app.put(
    '/users/password',
    {
      schema: { body: passwordBody, response: { 204: noContent } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.changePassword(app.db, user.id, request.body, scryptLogN);
      await app.sessions.endOthers(request, user.id);
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
