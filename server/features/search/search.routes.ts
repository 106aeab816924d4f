import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  searchBody,
  searchParams,
  searchResponse,
  type SearchBody,
} from '../../../shared/schemas/search';
import * as service from './search.service';

// SPEC §7: POST /products/{source_name}/{source_id}/search → { products: pagination }, and
// `interpreted` (ours, additive): what the search understood when it is not the words typed.
// Anyone may search; a signed-in viewer's cards carry their own saved/reported/reaction state.
/**
 * A search body is small (a few words and filters: 50 fields of at most 50 values); beyond this
 * it is refused (413) before it is parsed (issue 14 item 3: 40,000 `pfield_N` keys).
 */
export const SEARCH_BODY_LIMIT = 64 * 1024;

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/:source_name/:source_id/search',
    {
      bodyLimit: SEARCH_BODY_LIMIT,
      schema: { params: searchParams, body: searchBody, response: { 200: searchResponse } },
    },
    // Every read of a search, the viewer's marks too, runs on the read pool (SQLite: worker
    // threads, searches side by side and off the event loop; docs/search.md).
    async (request) => {
      const started = performance.now();
      const answer = await service.search(
        app.readDb,
        app.dialect,
        request.user,
        request.params.source_name,
        request.params.source_id,
        request.body,
      );
      app.metrics?.searchSeconds.observe(
        { kind: searchKind(request.body) },
        (performance.now() - started) / 1000,
      );
      return answer;
    },
  );
};

/** The label of a search in /metrics: words are the costly part, then a position, then filters. */
function searchKind(body: SearchBody): 'words' | 'place' | 'filters' {
  if (body.name) return 'words';
  return body.latitude !== undefined ? 'place' : 'filters';
}

export default searchRoutes;
