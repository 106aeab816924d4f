import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_PAGE_SIZE, READ_MORE_LENGTH } from '../../../shared/constants';
import { idParam, pageBody, toPagination } from '../../../shared/schemas/common';
import {
  addEmployeeBody,
  createShopBody,
  employeeParams,
  employeeRoleBody,
  updateShopBody,
} from '../../../shared/schemas/shops';
import { notFound } from '../../errors';
import { authenticated, requireUser } from '../../plugins/session';
import { toEmployee, toShop, toShopSummary } from './shops.mapper';
import * as service from './shops.service';

// DESIGN §4 (create, edit, delete, employees) and SPEC §7 (the paginated list).
const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/shops/shop/:id', { schema: { params: idParam } }, async (request, reply) => {
    const found = await service.getShop(app.db, request.params.id);
    // JSON or page (DESIGN §3): an unknown id still gets the app, which shows its own not-found.
    if (!request.wantsJson) {
      if (!found) return reply.page();
      const text = found.row.description ?? found.row.more_infos ?? undefined;
      return reply.page({ title: found.row.name, description: text?.slice(0, READ_MORE_LENGTH) });
    }
    if (!found) throw notFound();
    return { shop: toShop(found.row, found.employees) };
  });

  app.get('/shops/paginate/all/0', { schema: { querystring: pageBody } }, async (request) => {
    const { page } = request.query;
    const { rows, total } = await service.listShops(app.db, page, LIST_PAGE_SIZE);
    return { shops: toPagination(rows.map(toShopSummary), total, page, LIST_PAGE_SIZE) };
  });

  app.post(
    '/shops/create',
    { schema: { body: createShopBody }, preValidation: authenticated },
    async (request, reply) => {
      const created = await service.createShop(app.db, requireUser(request), request.body);
      return reply.status(201).send({ shop: toShop(created.row, created.employees) });
    },
  );

  app.put(
    '/shops/:id',
    { schema: { params: idParam, body: updateShopBody }, preValidation: authenticated },
    async (request) => {
      const updated = await service.updateShop(
        app.db,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return { shop: toShop(updated.row, updated.employees) };
    },
  );

  app.delete(
    '/shops/:id',
    { schema: { params: idParam }, preValidation: authenticated },
    async (request, reply) => {
      await service.deleteShop(
        app.db,
        app.dialect,
        app.config.dataDir,
        requireUser(request),
        request.params.id,
        (err) => request.log.warn({ err }, 'media file not removed'),
      );
      return reply.status(204).send();
    },
  );

  app.get('/shops/:id/employees', { schema: { params: idParam } }, async (request) => {
    const employees = await service.listEmployees(app.db, request.params.id);
    return { employees: employees.map(toEmployee) };
  });

  app.post(
    '/shops/:id/employees',
    { schema: { params: idParam, body: addEmployeeBody }, preValidation: authenticated },
    async (request, reply) => {
      const employee = await service.addEmployee(
        app.db,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ employee: toEmployee(employee) });
    },
  );

  app.put(
    '/shops/:id/employees/:userId',
    { schema: { params: employeeParams, body: employeeRoleBody }, preValidation: authenticated },
    async (request) => {
      const { id, userId } = request.params;
      const employee = await service.changeEmployeeRole(
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
    { schema: { params: employeeParams }, preValidation: authenticated },
    async (request, reply) => {
      const { id, userId } = request.params;
      await service.removeEmployee(app.db, requireUser(request), id, userId);
      return reply.status(204).send();
    },
  );
};

export default shopsRoutes;
