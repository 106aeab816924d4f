import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  pfield,
  pfieldCreateBody,
  pfieldUpdateBody,
  psubcategoryIdParam,
} from '../../../shared/schemas/catalog';
import { requireUser } from '../../plugins/session';
import { catalogManager } from './catalog.guards';
import * as service from './pfields.service';

// SPEC §7, Fields. `values` travels as JSON text both ways.
const pfieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pfields/psubcategory/:id',
    { schema: { params: idParam, response: { 200: z.object({ pfields: z.array(pfield) }) } } },
    async (request) => ({ pfields: await service.pfieldsOf(app.db, request.params.id) }),
  );

  app.post(
    '/pfields/create/:psubcategoryId',
    {
      preValidation: catalogManager,
      schema: {
        params: psubcategoryIdParam,
        body: pfieldCreateBody,
        response: { 201: z.object({ pfield }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        pfield: await service.createPfield(
          app.db,
          requireUser(request).id,
          request.params.psubcategoryId,
          request.body,
        ),
      }),
  );

  app.put(
    '/pfields/:id',
    {
      preValidation: catalogManager,
      schema: { params: idParam, body: pfieldUpdateBody, response: { 200: z.object({ pfield }) } },
    },
    async (request) => ({
      pfield: await service.updatePfield(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/pfields/:id',
    { preValidation: catalogManager, schema: { params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deletePfield(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default pfieldsRoutes;
