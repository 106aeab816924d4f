import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { can } from '../../../shared/domain/permissions';
import {
  banBody,
  bannedUserResponse,
  logQuery,
  moderationActionBody,
  moderationItemResponse,
  moderationLogResponse,
  moderationQuery,
  moderationQueueResponse,
  moderationTypeParams,
  reportBody,
  reportResponse,
} from '../../../shared/schemas/trust';
import { MODERATED_TYPES } from '../../../shared/domain/trust';
import { forbidden } from '../../errors';
import { authenticated, requireUser } from '../../plugins/session';
import * as reports from './reports.service';
import * as service from './moderation.service';

// Issue 19 (DESIGN §4 rows; docs/trust.md): reports with a reason on offers, comments,
// commands and (issue 32) seller ratings; the moderation queue, its audit log, and bans.
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, searchAlerts: app.searchAlerts };
  const reportSchema = { params: idParam, body: reportBody, response: { 201: reportResponse } };
  for (const type of MODERATED_TYPES) {
    app.post(
      `/${type}s/:id/reports`,
      { schema: reportSchema, preValidation: authenticated },
      async (request, reply) => {
        const user = requireUser(request);
        await app.limitUser('report', user.id);
        const { reason, text } = request.body;
        const report = await reports.report(
          app.db,
          user,
          type,
          request.params.id,
          reason,
          text ?? null,
        );
        return reply.status(201).send({ report });
      },
    );
  }

  const staffOnly = async (request: Parameters<typeof requireUser>[0]) => {
    if (!can.moderate(requireUser(request))) throw forbidden();
  };

  app.get(
    '/admin/moderation',
    {
      preValidation: staffOnly,
      schema: { querystring: moderationQuery, response: { 200: moderationQueueResponse } },
    },
    async (request) => ({
      items: await service.queue(app.db, requireUser(request), request.query),
    }),
  );

  app.get(
    '/admin/moderation/log',
    {
      preValidation: staffOnly,
      schema: { querystring: logQuery, response: { 200: moderationLogResponse } },
    },
    async (request) => ({
      log: await service.log(app.db, requireUser(request), request.query.page),
    }),
  );

  app.post(
    '/admin/moderation/:type/:id',
    {
      preValidation: staffOnly,
      schema: {
        params: moderationTypeParams,
        body: moderationActionBody,
        response: { 200: moderationItemResponse },
      },
    },
    async (request) => ({
      item: await service.act(
        deps,
        requireUser(request),
        request.params.type,
        request.params.id,
        request.body,
      ),
    }),
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/admin/users/:id/ban',
      preValidation: staffOnly,
      schema: { params: idParam, body: banBody, response: { 200: bannedUserResponse } },
      handler: async (request) => ({
        user: await service.setBanned(
          app.db,
          requireUser(request),
          request.params.id,
          method === 'POST',
          request.body?.reason ?? null,
        ),
      }),
    });
  }
};

export default moderationRoutes;
