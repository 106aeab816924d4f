import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent, z } from '../../../shared/schemas/common';
import {
  deleteAccountBody,
  profileBody,
  publicProfileResponse,
  selfUserResponse,
  USER_IMAGES,
} from '../../../shared/schemas/users';
import { invalid, notFound } from '../../errors';
import { clientLimitKey } from '../../plugins/client-address';
import { imageUrl } from '../../media/media';
import { parseForm, readForm, uploadRoutes } from '../../media/multipart';
import { userPageMeta } from '../../plugins/page-tags';
import { authenticated, requireUser } from '../../plugins/session';
import { toSelfUser } from './users.mapper';
import * as service from './users.service';
import { deleteOwnAccount } from './own-data.service';

/** A stored image's name (the media module's ids: 128 random bits in hex). */
const MEDIA_ID = /^[a-f0-9]{32}$/;

// DESIGN §4: the public profile, profile edit (JSON or multipart with the `photo` and `cover`
// files), and account deletion (SPEC §6).
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, dialect: app.dialect, media: app.media };

  const profile = { params: idParam, response: { 200: publicProfileResponse } };
  app.get('/users/user/:id', { schema: profile }, async (request, reply) => {
    // JSON or page (DESIGN §3): an unknown id still gets the app, which shows its own not-found.
    if (!request.wantsJson) {
      const user = await service.publicProfile(app.db, request.params.id);
      if (!user) return reply.page();
      return reply.page(userPageMeta(user, app.config.publicUrl));
    }
    const user = await service.profileOf(app.db, request.params.id, request.user);
    if (!user) throw notFound();
    return { user };
  });

  // SPEC §3: "Avatar icon path is /images/users/icons/{photo}". The photo's urls in the answers
  // are the truth; this path sends the browser on to the small variant (names are never reused,
  // so the redirect is permanent and cached like the file).
  app.get(
    '/images/users/icons/:name',
    { schema: { params: z.object({ name: z.string().max(100) }), hide: true } },
    async (request, reply) => {
      const name = request.params.name.replace(/\.webp$/, '');
      const small = MEDIA_ID.test(name) ? imageUrl(name, 'small') : null;
      if (!small || !(await app.media.storage.stat(small.slice('/media/'.length)))) {
        throw notFound();
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .redirect(small, 301);
    },
  );

  // The profile edit takes the photo and cover: read in a scope with the multipart parser.
  await uploadRoutes(app, (forms) => {
    forms.put(
      '/users/:id',
      {
        schema: {
          params: idParam,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: selfUserResponse },
        },
        preValidation: authenticated,
      },
      async (request) => {
        const user = requireUser(request);
        // One file per image field; a third file answers 422 too_many_files.
        const form = await readForm(request, {
          maxFiles: USER_IMAGES.length,
          filesField: 'global',
        });
        const body = parseForm(profileBody, form.fields);
        const self = await service.updateProfile(deps, user, request.params.id, body, form.files);
        // The editor may change the email, so they see it: the self view, not the public one.
        return { user: toSelfUser(self.user, self.shops) };
      },
    );
  });

  app.delete(
    '/users/:id',
    {
      schema: {
        params: idParam,
        // Leaving needs the password whichever path is used (issue 34 item 5): DELETE /users/me's.
        body: deleteAccountBody.partial().nullish(),
        response: { 204: noContent },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      if (viewer.id === request.params.id) {
        const password = request.body?.password;
        if (!password) throw invalid('password', 'required');
        await deleteOwnAccount(deps, viewer, password, clientLimitKey(request));
      } else {
        await service.deleteUser(deps, viewer, request.params.id);
      }
      // Deleting yourself signs you out (new session id and XSRF token).
      if (viewer.id === request.params.id) await app.sessions.signOut(request, reply);
      return reply.status(204).send(null);
    },
  );
};

export default usersRoutes;
