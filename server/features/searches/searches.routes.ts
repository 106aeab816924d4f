import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  saveSearchBody,
  savedSearchesResponse,
  savedSearchResponse,
} from '../../../shared/schemas/searches';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './searches.service';

// DESIGN §4: POST /searches → 201 `search`, GET /searches → `searches`, DELETE /searches/{id} →
// 204; ours (docs/searches.md): POST /searches/{id}/seen → `search` with no new matches. Only
// the signed-in owner's searches: 401 anonymous, 404 for another user's id.

/** A saved search is a name and a search body: small (the search route takes up to 64 KB). */
const SAVE_BODY_LIMIT = 16 * 1024;

const searchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/searches',
    { schema: { response: { 200: savedSearchesResponse } }, preValidation: authenticated },
    async (request) => ({ searches: await service.list(app.db, requireUser(request)) }),
  );

  app.post(
    '/searches',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { body: saveSearchBody, response: { 201: savedSearchResponse } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const search = await service.save(app.db, app.dialect, requireUser(request), request.body);
      return reply.status(201).send({ search });
    },
  );

  app.post(
    '/searches/:id/seen',
    {
      schema: { params: idParam, response: { 200: savedSearchResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      search: await service.seen(app.db, requireUser(request), request.params.id),
    }),
  );

  app.delete(
    '/searches/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.remove(app.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default searchesRoutes;
