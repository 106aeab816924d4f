import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FRONTEND_LOG_MAX_BYTES } from '../../../shared/constants';
import { can } from '../../../shared/domain/permissions';
import { frontendLogBody, frontendLogsPage } from '../../../shared/schemas/admin';
import { pageInput } from '../../../shared/schemas/catalog';
import { noContent } from '../../../shared/schemas/common';
import { forbidden } from '../../errors';
import { requireUser } from '../../plugins/session';
import { clientLimitKey } from '../../plugins/client-address';
import * as service from './frontend-logs.service';

// DESIGN §4: POST /frontends/logs (anyone); SPEC §7: GET /admin/frontends/logs (site staff).
const frontendLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/frontends/logs',
    {
      schema: { body: frontendLogBody, response: { 201: noContent } },
      // The text travels inside a JSON string, where escaping can make it up to six times
      // longer: bodies past that are 413; a text past 16 KB in a smaller body is 422.
      bodyLimit: 6 * FRONTEND_LOG_MAX_BYTES + 1024,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.recordFrontendLog(
        app.db,
        { userId: request.user?.id ?? null, address: clientLimitKey(request) },
        request.body.text,
      );
      return reply.status(201).send(null);
    },
  );

  app.get(
    '/admin/frontends/logs',
    {
      preValidation: async (request) => {
        if (!can.readFrontendLogs(requireUser(request))) throw forbidden();
      },
      schema: { querystring: pageInput, response: { 200: frontendLogsPage } },
    },
    async (request) => ({
      frontendsLogs: await service.paginateFrontendLogs(app.db, request.query.page),
    }),
  );
};

export default frontendLogsRoutes;
