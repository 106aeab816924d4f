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
import { clientAddress } from '../../plugins/client-address';
import * as service from './users.service';
import { toSelfUser } from './users.mapper';

// DESIGN §4: register, login, logout, me, password.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scryptLogN } = app.config;
  const signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(
    '/register',
    { schema: { body: registerBody, response: { 201: selfUserResponse } }, config: signInLimit },
    async (request, reply) => {
      const user = await service.register(app.db, request.body, scryptLogN);
      await app.sessions.signIn(request, reply, user.id);
      const self = await service.me(app.db, user.id);
      return reply.status(201).send({ user: toSelfUser(self!.user, self!.shops) });
    },
  );

  app.post(
    '/login',
    { schema: { body: loginBody, response: { 200: selfUserResponse } }, config: signInLimit },
    async (request, reply) => {
      const user = await service.login(app.db, request.body, clientAddress(request), scryptLogN);
      await app.sessions.signIn(request, reply, user.id);
      const self = await service.me(app.db, user.id);
      return { user: toSelfUser(self!.user, self!.shops) };
    },
  );

  app.post('/logout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return reply.status(204).send(null);
  });

  app.get('/users/me', { schema: { response: { 200: meResponse } } }, async (request) => {
    if (!request.user) return { user: null };
    const self = await service.me(app.db, request.user.id);
    return { user: self ? toSelfUser(self.user, self.shops) : null };
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
