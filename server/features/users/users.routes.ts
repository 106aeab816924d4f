import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { READ_MORE_LENGTH } from '../../../shared/constants';
import { idParam } from '../../../shared/schemas/common';
import { profileBody } from '../../../shared/schemas/users';
import { notFound } from '../../errors';
import { authenticated, requireUser } from '../../plugins/session';
import { toPublicUser, toSelfUser } from './users.mapper';
import * as service from './users.service';

// DESIGN §4: the public profile, profile edit, and account deletion (SPEC §6).
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/user/:id', { schema: { params: idParam } }, async (request, reply) => {
    const user = await service.publicProfile(app.db, request.params.id);
    // JSON or page (DESIGN §3): an unknown id still gets the app, which shows its own not-found.
    if (!request.wantsJson) {
      if (!user) return reply.page();
      return reply.page({
        title: `${user.first_name} ${user.last_name}`,
        description: user.more_infos?.slice(0, READ_MORE_LENGTH),
      });
    }
    if (!user) throw notFound();
    return { user: toPublicUser(user) };
  });

  app.put(
    '/users/:id',
    { schema: { params: idParam, body: profileBody }, preValidation: authenticated },
    async (request) => {
      const self = await service.updateProfile(
        app.db,
        requireUser(request),
        request.params.id,
        request.body,
      );
      // The editor may change the email, so they see it: the self view, not the public one.
      return { user: toSelfUser(self.user, self.shops) };
    },
  );

  app.delete(
    '/users/:id',
    { schema: { params: idParam }, preValidation: authenticated },
    async (request, reply) => {
      const viewer = requireUser(request);
      await service.deleteUser(
        app.db,
        app.dialect,
        app.config.dataDir,
        viewer,
        request.params.id,
        (err) => request.log.warn({ err }, 'media file not removed'),
      );
      // Deleting yourself signs you out (new session id and XSRF token).
      if (viewer.id === request.params.id) await app.sessions.signOut(request, reply);
      return reply.status(204).send();
    },
  );
};

export default usersRoutes;
