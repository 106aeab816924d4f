import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import {
  commandRatingResponse,
  ratingAnswerBody,
  ratingBody,
  ratingResponse,
  ratingsQuery,
  ratingsResponse,
  shopTrustResponse,
} from '../../../shared/schemas/ratings';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './ratings.service';

// Issue 32 items 5 and 8 (DESIGN §4 rows; docs/ratings.md): a buyer rates the shop after an
// accepted command, the shop answers once, anyone reads a shop's ratings and trust signals.
// Reports of ratings and their moderation are the moderation feature's routes (type `rating`).
const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/commands/:id/rating',
    {
      schema: { params: idParam, body: ratingBody, response: { 201: ratingResponse } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A rating is a text like a comment: the same per-user limit.
      await app.limitUser('comment', user.id);
      const rating = await service.rate(app.db, request.params.id, user, request.body);
      return reply.status(201).send({ rating });
    },
  );

  app.get(
    '/commands/:id/rating',
    { schema: { params: idParam, response: { 200: commandRatingResponse } } },
    async (request) => service.ofCommand(app.db, request.params.id, request.user),
  );

  app.post(
    '/ratings/:id/answer',
    {
      schema: { params: idParam, body: ratingAnswerBody, response: { 200: ratingResponse } },
      preValidation: authenticated,
    },
    async (request) => {
      const user = requireUser(request);
      await app.limitUser('comment', user.id);
      return {
        rating: await service.answer(app.db, request.params.id, user, request.body.text),
      };
    },
  );

  app.get(
    '/shops/:id/ratings',
    { schema: { params: idParam, querystring: ratingsQuery, response: { 200: ratingsResponse } } },
    async (request) => ({
      ratings: await service.list(app.db, request.params.id, request.query.page, request.user),
    }),
  );

  app.get(
    '/shops/:id/trust',
    { schema: { params: idParam, response: { 200: shopTrustResponse } } },
    async (request) => ({ trust: await service.trust(app.db, request.params.id) }),
  );
};

export default ratingsRoutes;
