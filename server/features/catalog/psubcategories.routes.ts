import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, noContent, paginationOf } from '../../../shared/schemas/common';
import {
  pageInput,
  pcategoryIdParam,
  psubcategory,
  psubcategoryCreateBody,
  psubcategoryUpdateBody,
} from '../../../shared/schemas/catalog';
import { requireUser } from '../../plugins/session';
import { catalogManager } from './catalog.guards';
import * as service from './psubcategories.service';

// SPEC §7, Subcategories.
const psubcategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/psubcategories/pcategory/:id',
    {
      schema: {
        params: idParam,
        response: { 200: z.object({ psubcategories: z.array(psubcategory) }) },
      },
    },
    async (request) => ({
      psubcategories: await service.psubcategoriesOf(app.db, request.params.id),
    }),
  );

  app.get(
    '/psubcategories/v2/paginate',
    {
      schema: {
        querystring: pageInput,
        response: { 200: z.object({ psubcategories: paginationOf(psubcategory) }) },
      },
    },
    async (request) => ({
      psubcategories: await service.paginatePsubcategories(app.db, request.query.page),
    }),
  );

  app.post(
    '/psubcategories/create/:pcategory_id',
    {
      preValidation: catalogManager,
      schema: {
        params: pcategoryIdParam,
        body: psubcategoryCreateBody,
        response: { 201: z.object({ psubcategory }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        psubcategory: await service.createPsubcategory(
          app.db,
          requireUser(request).id,
          request.params.pcategory_id,
          request.body,
        ),
      }),
  );

  app.put(
    '/psubcategories/:id',
    {
      preValidation: catalogManager,
      schema: {
        params: idParam,
        body: psubcategoryUpdateBody,
        response: { 200: z.object({ psubcategory }) },
      },
    },
    async (request) => ({
      psubcategory: await service.updatePsubcategory(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/psubcategories/:id',
    { preValidation: catalogManager, schema: { params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deletePsubcategory(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default psubcategoriesRoutes;
