import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchBody, searchParams, searchResponse } from '../../../shared/schemas/search';
import * as service from './search.service';

// SPEC §7: POST /products/{source_name}/{source_id}/search → { products: pagination }.
// Anyone may search; a signed-in viewer's cards carry their own saved/reported/reaction state.
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/:source_name/:source_id/search',
    { schema: { params: searchParams, body: searchBody, response: { 200: searchResponse } } },
    async (request) => ({
      products: await service.search(
        app.db,
        app.dialect,
        request.user,
        request.params.source_name,
        request.params.source_id,
        request.body,
      ),
    }),
  );
};

export default searchRoutes;
