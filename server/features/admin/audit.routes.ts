import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../shared/domain/permissions';
import { auditQuery, auditResponse } from '../../../shared/schemas/audit';
import { forbidden } from '../../errors';
import { requireUser } from '../../plugins/session';
import * as service from './audit.service';

// DESIGN §4: GET /admin/audit?page=&action=&actor_id= (site admins). Checked before the query is
// parsed, as the other admin routes do: anonymous 401, others 403, whatever they sent.
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      preValidation: async (request) => {
        if (!can.readAudit(requireUser(request))) throw forbidden();
      },
      schema: { querystring: auditQuery, response: { 200: auditResponse } },
    },
    async (request) => ({
      entries: await service.listAudit(app.db, requireUser(request), request.query),
    }),
  );
};

export default auditRoutes;
