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
import { clientLimitKey } from '../../plugins/client-address';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './insights.service';

// DESIGN §4 (issue 19 items 5 and 6, issue 29 items 2 and 9): numbers on tap, what visitors do
// with an offer, and what the shop's staff learn from it (docs/insights.md).

/**
 * The key an address is limited and counted by (IPv6 by /64): the limits below and the insights'
 * "a few per address" both use it.
 */
const addressKey = clientLimitKey;

const visitorOf = (request: FastifyRequest): service.Visitor => ({
  user: request.user,
  keys: {
    id: request.user ? `u:${request.user.id}` : `s:${request.sid}`,
    address: addressKey(request),
  },
  userAgent: request.headers['user-agent'],
});

const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Every tap endpoint shares these two limits (one allowance whatever page the numbers are read
   * from), checked before anything is read or counted: per address, and per account when signed in.
   */
  async function phoneLimits(request: FastifyRequest) {
    await app.limitKey('phone_address', addressKey(request), PHONE_REVEAL_LIMITS.perAddress);
    if (request.user) {
      await app.limitKey('phone_account', String(request.user.id), PHONE_REVEAL_LIMITS.perAccount);
    }
  }
  const phoneSchema = { params: idParam, response: { 200: phonesResponse } };

  app.get('/products/:id/phone', { schema: phoneSchema }, async (request) => {
    await phoneLimits(request);
    return { phones: await service.revealPhones(app.db, request.params.id, visitorOf(request)) };
  });

  // Issue 29 item 2: the shop page's and the profile's numbers, on tap like the offers'.
  app.get('/shops/:id/phone', { schema: phoneSchema }, async (request) => {
    await phoneLimits(request);
    return {
      phones: await service.revealShopPhones(app.db, request.params.id, visitorOf(request)),
    };
  });

  app.get('/users/:id/phone', { schema: phoneSchema }, async (request) => {
    await phoneLimits(request);
    return {
      phones: await service.revealUserPhones(app.db, request.params.id, visitorOf(request)),
    };
  });

  // Anonymous visitors' events count too (XSRF-checked as every POST: no other site posts them).
  app.post(
    '/products/:id/events',
    { schema: { params: idParam, body: productEventBody, response: { 204: noContent } } },
    async (request, reply) => {
      await app.limitKey('product_events', addressKey(request), PRODUCT_EVENTS_LIMIT);
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
