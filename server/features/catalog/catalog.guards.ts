import type { FastifyRequest } from 'fastify';
import { can } from '../../../shared/domain/permissions';
import { forbidden } from '../../errors';
import { requireUser } from '../../plugins/session';

/**
 * Route hook for catalogue writes (SPEC §6: admin or moderator only). It runs before the body is
 * validated, so anonymous gets 401 and others 403 whatever they sent.
 */
export async function catalogManager(request: FastifyRequest): Promise<void> {
  if (!can.manageCatalog(requireUser(request))) throw forbidden();
}
