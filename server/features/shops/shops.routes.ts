import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { idParam, noContent, pageBody } from '../../../shared/schemas/common';
import {
  addEmployeeBody,
  createShopBody,
  employeeParams,
  employeeResponse,
  employeeRoleBody,
  employeesResponse,
  invitationParams,
  invitationResponse,
  myInvitationsResponse,
  SHOP_IMAGES,
  shopResponse,
  shopsPageResponse,
  updateShopBody,
} from '../../../shared/schemas/shops';
import { notFound } from '../../errors';
import { parseForm, readForm, uploadRoutes } from '../../media/multipart';
import { shopPageMeta } from '../../plugins/page-tags';
import { authenticated, requireUser } from '../../plugins/session';
import { singleReadLimit } from '../../limits/read-limit';
import { toEmployee, toInvitation, toMyInvitation, toShop } from './shops.mapper';
import * as service from './shops.service';
import * as staff from './staff.service';

// DESIGN §4 (create, edit, delete, employees) and SPEC §7 (the paginated list). Create and edit
// take JSON or multipart (the fields, plus the `logo` and `cover` files); the fields are checked by
// the shared schema once the form is read.
const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, dialect: app.dialect, media: app.media };
  const multipartOrJson = { consumes: ['multipart/form-data', 'application/json'] };
  // One file per image field; a third file answers 422 too_many_files.
  const readShopForm = (request: Parameters<typeof readForm>[0]) =>
    readForm(request, { maxFiles: SHOP_IMAGES.length, filesField: 'global' });

  const shopPage = { params: idParam, response: { 200: shopResponse } };
  const limit = singleReadLimit(app.config);
  app.get('/shops/shop/:id', { schema: shopPage, config: limit }, async (request, reply) => {
    // JSON or page (DESIGN §3): an unknown id still gets the app, which shows its own not-found.
    if (!request.wantsJson) {
      const found = await service.getShop(app.db, request.params.id);
      if (!found) return reply.page();
      return reply.page(shopPageMeta(found.row, app.config.publicUrl, request.language));
    }
    const shop = await service.publicShop(app.db, request.params.id, request.user);
    if (!shop) throw notFound();
    return { shop };
  });

  const list = { querystring: pageBody, response: { 200: shopsPageResponse } };
  app.get('/shops/paginate/all/0', { schema: list }, async (request) => {
    return { shops: await service.shopsPage(app.db, request.query.page, LIST_PAGE_SIZE) };
  });

  // Create and edit take the logo and cover: read in a scope with the multipart parser.
  await uploadRoutes(app, (forms) => {
    forms.post(
      '/shops/create',
      {
        schema: { ...multipartOrJson, response: { 201: shopResponse } },
        preValidation: authenticated,
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readShopForm(request);
        const body = parseForm(createShopBody, form.fields);
        const created = await service.createShop(deps, user, body, form.files);
        return reply.status(201).send({ shop: toShop(created.row, created.employees) });
      },
    );

    forms.put(
      '/shops/:id',
      {
        schema: { params: idParam, ...multipartOrJson, response: { 200: shopResponse } },
        preValidation: authenticated,
      },
      async (request) => {
        const user = requireUser(request);
        const form = await readShopForm(request);
        const body = parseForm(updateShopBody, form.fields);
        const updated = await service.updateShop(deps, user, request.params.id, body, form.files);
        return { shop: toShop(updated.row, updated.employees) };
      },
    );
  });

  app.delete(
    '/shops/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.deleteShop(deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shops/:id/employees',
    { schema: { params: idParam, response: { 200: employeesResponse } } },
    async (request) => {
      const found = await staff.listEmployees(app.db, request.user, request.params.id);
      return {
        employees: found.employees.map(toEmployee),
        invitations: found.invitations.map(toInvitation),
      };
    },
  );

  // An invitation, not a hire (issue 14 item 5): the same 201 whoever has the login, if anyone.
  app.post(
    '/shops/:id/employees',
    {
      schema: {
        params: idParam,
        body: addEmployeeBody,
        response: { 201: invitationResponse },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const invitation = await staff.inviteEmployee(
        app.db,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ employee: toInvitation(invitation) });
    },
  );

  app.get(
    '/shops/invitations',
    { schema: { response: { 200: myInvitationsResponse } }, preValidation: authenticated },
    async (request) => {
      const rows = await staff.myInvitations(app.db, requireUser(request));
      return { invitations: rows.map(toMyInvitation) };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/shops/:id/invitation/${answer}`,
      { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
      async (request, reply) => {
        const viewer = requireUser(request);
        if (answer === 'accept') await staff.acceptInvitation(app.db, viewer, request.params.id);
        else await staff.declineInvitation(app.db, viewer, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  app.delete(
    '/shops/:id/invitations/:invitationId',
    {
      schema: { params: invitationParams, response: { 204: noContent } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await staff.withdrawInvitation(app.db, requireUser(request), id, invitationId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/shops/:id/employees/:userId',
    {
      schema: {
        params: employeeParams,
        body: employeeRoleBody,
        response: { 200: employeeResponse },
      },
      preValidation: authenticated,
    },
    async (request) => {
      const { id, userId } = request.params;
      const employee = await staff.changeEmployeeRole(
        app.db,
        requireUser(request),
        id,
        userId,
        request.body.role,
      );
      return { employee: toEmployee(employee) };
    },
  );

  app.delete(
    '/shops/:id/employees/:userId',
    {
      schema: { params: employeeParams, response: { 204: noContent } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await staff.removeEmployee(app.db, requireUser(request), id, userId);
      return reply.status(204).send(null);
    },
  );
};

export default shopsRoutes;
