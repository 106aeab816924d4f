import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  insightsQuery,
  insightsResponse,
  phonesResponse,
  productEventBody,
} from '../../../shared/schemas/insights';
import { PHONE_REVEAL_LIMITS, PRODUCT_EVENTS_LIMIT } from '../../../shared/constants';
import { clientAddress } from '../../plugins/client-address';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './insights.service';

// DESIGN §4 (issue 19 items 5 and 6): a shop's numbers on tap, what visitors do with an offer,
// and what the shop's staff learn from it (docs/insights.md).

const visitorOf = (request: FastifyRequest): service.Visitor => ({
  user: request.user,
  sid: request.sid,
  userAgent: request.headers['user-agent'],
});

const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Limited before anything is read or counted: per address, and per account when signed in.
  app.get(
    '/products/:id/phone',
    { schema: { params: idParam, response: { 200: phonesResponse } } },
    async (request) => {
      await app.limitKey('phone_address', clientAddress(request), PHONE_REVEAL_LIMITS.perAddress);
      if (request.user) {
        await app.limitKey(
          'phone_account',
          String(request.user.id),
          PHONE_REVEAL_LIMITS.perAccount,
        );
      }
      return { phones: await service.revealPhones(app.db, request.params.id, visitorOf(request)) };
    },
  );

  // Anonymous visitors' events count too (XSRF-checked as every POST: no other site posts them).
  app.post(
    '/products/:id/events',
    { schema: { params: idParam, body: productEventBody, response: { 204: noContent } } },
    async (request, reply) => {
      await app.limitKey('product_events', clientAddress(request), PRODUCT_EVENTS_LIMIT);
      await service.recordEvent(app.db, request.params.id, request.body.kind, visitorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shops/:id/insights',
    {
      schema: { params: idParam, querystring: insightsQuery, response: { 200: insightsResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      insights: await service.shopInsights(
        app.db,
        requireUser(request),
        request.params.id,
        request.query.days,
      ),
    }),
  );
};

export default insightsRoutes;
