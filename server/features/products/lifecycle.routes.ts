import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import {
  myProductsQuery,
  myProductsResponse,
  productResponse,
} from '../../../shared/schemas/products';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './lifecycle.service';

// DESIGN §4, milestone 3 (issue 32, docs/lifecycle.md): renew, bump, sold and "My offers".

const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const days = app.config.listingDays;
  const write = {
    schema: { params: idParam, response: { 200: productResponse } },
    preValidation: authenticated,
  };

  app.post('/products/:id/renew', write, async (request) => ({
    product: await service.renew(app.db, days, requireUser(request), request.params.id),
  }));
  app.post('/products/:id/bump', write, async (request) => ({
    product: await service.bump(app.db, days, requireUser(request), request.params.id),
  }));
  app.post('/products/:id/sold', write, async (request) => ({
    product: await service.markSold(app.db, requireUser(request), request.params.id),
  }));
  app.delete('/products/:id/sold', write, async (request) => ({
    product: await service.unmarkSold(app.db, requireUser(request), request.params.id),
  }));

  app.get(
    '/users/me/products',
    {
      schema: { querystring: myProductsQuery, response: { 200: myProductsResponse } },
      preValidation: authenticated,
    },
    async (request) => service.myProducts(app.db, requireUser(request), request.query),
  );
};

export default lifecycleRoutes;
