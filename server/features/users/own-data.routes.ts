import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent, z } from '../../../shared/schemas/common';
import { deleteAccountBody } from '../../../shared/schemas/users';
import { exportFileName } from '../../../shared/domain/own-data';
import { clientLimitKey } from '../../plugins/client-address';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './own-data.service';

// DESIGN §4 milestone-3 row (issue 34 item 5): GET /users/me/export, a JSON file of everything
// about the signed-in user; DELETE /users/me with the password, which signs them out.
const ownDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, dialect: app.dialect, media: app.media };

  app.get(
    '/users/me/export',
    {
      preValidation: authenticated,
      // A file, not an API answer: its shape is docs/accounts.md's, not a response schema's.
      schema: { response: { 200: z.string() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // It reads every row the user has: a few a day (USER_RATE_LIMITS.export).
      await app.limitUser('export', user.id);
      const data = await service.exportOwnData(app.db, user.id, app.config.publicUrl);
      const name = exportFileName(user.id, data.exported_at);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/users/me',
    {
      preValidation: authenticated,
      schema: { body: deleteAccountBody, response: { 204: noContent } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.deleteOwnAccount(deps, user, request.body.password, clientLimitKey(request));
      // Every session went with the account; this browser gets a fresh anonymous one.
      await app.sessions.signOut(request, reply);
      return reply.status(204).send(null);
    },
  );
};

export default ownDataRoutes;
