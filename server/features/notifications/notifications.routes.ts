import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  markAllBody,
  markAllResponse,
  notificationResponse,
  notificationStreamQuery,
  notificationStreamResponse,
  notificationsPageBody,
  notificationsPageResponse,
  unreadCountResponse,
} from '../../../shared/schemas/notifications';
import { authenticated, requireUser } from '../../plugins/session';
import * as service from './notifications.service';
import { streamHub } from './notifications.stream';

// SPEC §7 notifications calls, all for the signed-in user's own notifications (401 otherwise,
// before the body is read). The app ignores trailing slashes, so SPEC's
// `/notifications/all/markallasread/` and the same path without the slash are one route.
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = streamHub(app);
  if (app.metrics) app.metrics.sources.liveStreams = hub.count;
  app.get(
    '/notifications/stream',
    {
      schema: {
        querystring: notificationStreamQuery,
        response: { 200: notificationStreamResponse },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
      const lastEventId = fromHeader ?? request.query.last_event_id ?? null;
      return hub.open(request, reply, requireUser(request).id, lastEventId);
    },
  );

  app.get(
    '/notifications/unreadnotifications/count',
    { schema: { response: { 200: unreadCountResponse } }, preValidation: authenticated },
    async (request) => ({ count: await service.unreadCount(app.db, requireUser(request).id) }),
  );

  app.post(
    '/notifications/paginate',
    {
      schema: { body: notificationsPageBody, response: { 200: notificationsPageResponse } },
      preValidation: authenticated,
    },
    async (request) => {
      const { type, page } = request.body;
      return {
        notifications: await service.paginate(app.db, requireUser(request).id, type, page),
      };
    },
  );

  app.get(
    '/notifications/notification/markasread/:id',
    {
      // A GET that changes state: the XSRF check applies (DESIGN §3).
      config: { xsrf: true },
      schema: { params: idParam, response: { 200: notificationResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      notification: await service.markAsRead(app.db, requireUser(request).id, request.params.id),
    }),
  );

  // SPEC §7: the PUT deletes the notification.
  app.put(
    '/notifications/notification/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.remove(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/all/markallasread',
    {
      schema: { body: markAllBody, response: { 200: markAllResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      count: await service.markAllAsRead(app.db, requireUser(request).id, request.body.type),
    }),
  );
};

export default notificationsRoutes;
