import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { priceHintQuery, priceHintResponse } from '../../../shared/schemas/price-hints';
import { PRICE_HINT_LIMIT } from '../../../shared/constants';
import { readLimit } from '../../limits/read-limit';
import * as service from './price-hints.service';

// DESIGN §4: GET /psubcategories/{id}/price-hint (issue 32 item 6, docs/price-hints.md). Limited
// per address (read-limit.ts: in this process's memory, so that a read writes nothing).
const priceHintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/psubcategories/:id/price-hint',
    {
      schema: {
        params: idParam,
        querystring: priceHintQuery,
        response: { 200: priceHintResponse },
      },
      config: readLimit(app.config, PRICE_HINT_LIMIT),
    },
    async (request) => ({
      hint: await service.priceHint(app.db, request.params.id, request.query),
    }),
  );
};

export default priceHintsRoutes;
