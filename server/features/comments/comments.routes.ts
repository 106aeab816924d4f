import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  commentableParams,
  commentListBody,
  commentResponse,
  commentsResponse,
  commentTextBody,
} from '../../../shared/schemas/comments';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './comments.service';

// SPEC §7 comments calls ({type} product, comment or command), plus GET /comments/comment/{id}
// for the single comment page.
const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/comments/:type/:id',
    {
      schema: {
        params: commentableParams,
        body: commentListBody,
        response: { 200: commentsResponse },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      return service.list(app.db, type, id, request.user, request.body);
    },
  );

  app.get(
    '/comments/comment/:id',
    { schema: { params: idParam, response: { 200: commentResponse } } },
    async (request, reply) => {
      if (!request.wantsJson) return reply.page();
      return { comment: await service.get(app.db, request.params.id, request.user) };
    },
  );

  app.post(
    '/comments/create/:type/:id',
    {
      schema: {
        params: commentableParams,
        body: commentTextBody,
        response: { 201: commentResponse },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const user = requireUser(request);
      await app.limitUser('comment', user.id);
      const comment = await service.create(app.db, type, id, user, request.body.text);
      return reply.status(201).send({ comment });
    },
  );

  app.put(
    '/comments/:id',
    {
      schema: { params: idParam, body: commentTextBody, response: { 200: commentResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      comment: await service.update(
        app.db,
        request.params.id,
        requireUser(request),
        request.body.text,
      ),
    }),
  );

  app.delete(
    '/comments/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.remove(app.db, request.params.id, requireUser(request));
      return reply.status(204).send(null);
    },
  );
};

export default commentsRoutes;
