import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeAnswer, routeQuery } from '../../../shared/schemas/routing';
import { routingService } from './routing.service';

/** Per address (shared by every process: server/limits/rate-limit-store.ts). */
export const ROUTING_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

// GET /routing/route?from=lon,lat&to=lon,lat (issue 20 item 17): anyone (the shop map shows to
// visitors); always 200 — the route, or `{ route: null, reason }` — except bad points (422, DESIGN §3) and
// too many requests from one address (429).
const routingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = routingService({
    routingUrl: app.config.routingUrl,
    timeoutMs: app.config.routingTimeoutMs,
    warn: (details, message) => app.log.warn(details, message),
  });
  app.get(
    '/routing/route',
    {
      schema: { querystring: routeQuery, response: { 200: routeAnswer } },
      config: { rateLimit: ROUTING_RATE_LIMIT },
    },
    async (request) => service.route(request.query.from, request.query.to),
  );
};

export default routingRoutes;
