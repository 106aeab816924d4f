import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reactionableType,
  reactionBody,
  reactionParams,
  reactionResponse,
} from '../../../shared/schemas/reactions';
import { invalid } from '../../errors';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './reactions.service';

// SPEC §7: POST /reactions/create/{type}/{id} with `name`; answers `reactionable`.
const reactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reactions/create/:type/:id',
    {
      schema: { params: reactionParams, body: reactionBody, response: { 200: reactionResponse } },
      preValidation: authenticated,
    },
    async (request) => {
      // A bad {type} is bad input (422), not an unknown route.
      const type = reactionableType.safeParse(request.params.type);
      if (!type.success) throw invalid('type');
      const user = requireUser(request);
      await app.limitUser('reaction', user.id);
      const reactionable = await service.react(
        app.db,
        user,
        type.data,
        request.params.id,
        request.body.name,
      );
      return { reactionable };
    },
  );
};

export default reactionRoutes;
