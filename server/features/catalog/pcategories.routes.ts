import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, noContent, paginationOf } from '../../../shared/schemas/common';
import {
  pageInput,
  pcategory,
  pcategoryCreateBody,
  pcategoryUpdateBody,
} from '../../../shared/schemas/catalog';
import { requireUser } from '../../plugins/session';
import { catalogManager } from './catalog.guards';
import * as service from './pcategories.service';

// SPEC §7, Categories.
const pcategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/pcategories/paginate',
    {
      schema: {
        body: pageInput.optional().transform((b) => b ?? { page: 1 }),
        response: { 200: z.object({ pcategories: paginationOf(pcategory) }) },
      },
    },
    async (request) => ({
      pcategories: await service.paginatePcategories(app.db, request.body.page),
    }),
  );

  app.get(
    '/pcategories/all',
    { schema: { response: { 200: z.object({ pcategories: z.array(pcategory) }) } } },
    async () => ({ pcategories: await service.allPcategories(app.db) }),
  );

  app.post(
    '/pcategories/create',
    {
      preValidation: catalogManager,
      schema: { body: pcategoryCreateBody, response: { 201: z.object({ pcategory }) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        pcategory: await service.createPcategory(app.db, requireUser(request).id, request.body),
      }),
  );

  app.put(
    '/pcategories/:id',
    {
      preValidation: catalogManager,
      schema: {
        params: idParam,
        body: pcategoryUpdateBody,
        response: { 200: z.object({ pcategory }) },
      },
    },
    async (request) => ({
      pcategory: await service.updatePcategory(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/pcategories/:id',
    { preValidation: catalogManager, schema: { params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deletePcategory(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default pcategoriesRoutes;
