import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  commandBody,
  commandListBody,
  commandResponse,
  commandsResponse,
  productIdParam,
} from '../../../shared/schemas/commands';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './commands.service';

// SPEC §7 commands calls, plus GET /commands/command/{id} for the single command page.
const commandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/commands/product/:productId',
    {
      schema: {
        params: productIdParam,
        body: commandListBody,
        response: { 200: commandsResponse },
      },
    },
    async (request) => service.list(app.db, request.params.productId, request.user, request.body),
  );

  app.get(
    '/commands/command/:id',
    { schema: { params: idParam, response: { 200: commandResponse } } },
    async (request, reply) => {
      if (!request.wantsJson) return reply.page();
      return { command: await service.get(app.db, request.params.id, request.user) };
    },
  );

  app.post(
    '/commands/create/product/:productId',
    {
      schema: { params: productIdParam, body: commandBody, response: { 201: commandResponse } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.limitUser('command', user.id);
      const command = await service.create(app.db, request.params.productId, user, request.body);
      return reply.status(201).send({ command });
    },
  );

  app.put(
    '/commands/:id',
    {
      schema: { params: idParam, body: commandBody, response: { 200: commandResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      command: await service.update(app.db, request.params.id, requireUser(request), request.body),
    }),
  );

  app.delete(
    '/commands/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.remove(app.db, request.params.id, requireUser(request));
      return reply.status(204).send(null);
    },
  );

  // A state-changing GET (SPEC §7): the XSRF check applies to it as to any POST.
  app.get(
    '/commands/sold/:id',
    {
      schema: { params: idParam, response: { 200: commandResponse } },
      config: { xsrf: true },
      preValidation: authenticated,
    },
    async (request) => ({
      command: await service.markSold(app.db, request.params.id, requireUser(request)),
    }),
  );
};

export default commandsRoutes;
