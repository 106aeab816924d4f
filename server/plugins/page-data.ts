import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { LIST_PAGE_SIZE } from '../../shared/constants';
import { HttpError, notFound, refuseNulBytes, unauthorized } from '../errors';
import * as products from '../features/products/product-reads.service';
import * as search from '../features/search/search.service';
import * as shops from '../features/shops/shops.service';
import * as users from '../features/users/users.service';
import * as comments from '../features/comments/comments.service';
import * as commands from '../features/commands/commands.service';
import * as notifications from '../features/notifications/notifications.service';
import * as ratings from '../features/ratings/ratings.service';
import { allPcategories } from '../features/catalog/pcategories.service';
import { psubcategoriesOf } from '../features/catalog/psubcategories.service';
import { pfieldsOf } from '../features/catalog/pfields.service';
import { viewerMarks } from '../features/products/cards.repository';
import { viewerStateOf } from '../features/products/products.mapper';
import type { ViewerState } from '../../shared/schemas/products';
import type { TransportAnswer } from './page-render';

// Issue 31 item 2: a page's data (web/entry-server.tsx asks it through the web app's own query
// functions, as URLs) comes from the services directly — the functions the routes call, with the
// visitor as viewer — not through an in-process HTTP request (`app.inject`: routing, hooks, the
// session and serialisation again for every call). Each reader names its route: the route's own
// schemas check the input (a bad id is a 404, bad input a 422, as the route answers) and shape
// the answer (the response schema strips what the route would), so the page carries exactly the
// JSON the API gives (a test compares them). The page's request itself went through the route's
// hooks (session, limits); its data reads are not counted again against the visitor's address.

/** An answer already serialised by the service (the cached product for visitors). */
class Ready {
  constructor(readonly json: string) {}
}

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** What the page's request has read already for its visitor, not read again: their unread count. */
export interface Known {
  unread?: number;
}

type Reader = (
  app: FastifyInstance,
  viewer: FastifyRequest['user'],
  input: Input,
  known: Known,
) => unknown;

/* eslint-disable @typescript-eslint/no-explicit-any -- each route's schema has checked `input` */
const READERS: Record<string, Reader> = {
  'GET /users/me': async (app, viewer) => ({ user: await users.selfUser(app.db, viewer) }),
  'GET /notifications/unreadnotifications/count': async (app, viewer, _input, known) => {
    if (!viewer) throw unauthorized();
    return { count: known.unread ?? (await visitorUnreadCount(app, viewer)) };
  },
  'GET /products/product/:id': async (app, viewer, { params }: any) => {
    const found = await products.publicDetail(app.db, params.id, viewer);
    if (!found) throw notFound();
    return found.ready ? new Ready(found.ready.json) : { product: found.product };
  },
  'GET /products/similar/:id': async (app, viewer, { params }: any) => ({
    products: await products.similar(app.db, params.id, viewer),
  }),
  'POST /products/:source_name/:source_id/search': (app, viewer, { params, body }: any) =>
    search.search(app.readDb, app.dialect, viewer, params.source_name, params.source_id, body),
  'GET /shops/shop/:id': async (app, viewer, { params }: any) => {
    const shop = await shops.publicShop(app.db, params.id, viewer);
    if (!shop) throw notFound();
    return { shop };
  },
  'GET /shops/paginate/all/0': async (app, _viewer, { query }: any) => ({
    shops: await shops.shopsPage(app.db, query.page, LIST_PAGE_SIZE),
  }),
  'GET /shops/:id/trust': async (app, _viewer, { params }: any) => ({
    trust: await ratings.trust(app.db, params.id),
  }),
  'GET /users/user/:id': async (app, viewer, { params }: any) => {
    const user = await users.profileOf(app.db, params.id, viewer);
    if (!user) throw notFound();
    return { user };
  },
  'GET /pcategories/all': async (app) => ({ pcategories: await allPcategories(app.db) }),
  'GET /psubcategories/pcategory/:id': async (app, _viewer, { params }: any) => ({
    psubcategories: await psubcategoriesOf(app.db, params.id),
  }),
  'GET /pfields/psubcategory/:id': async (app, _viewer, { params }: any) => ({
    pfields: await pfieldsOf(app.db, params.id),
  }),
  'GET /comments/comment/:id': async (app, viewer, { params }: any) => ({
    comment: await comments.get(app.db, params.id, viewer),
  }),
  'GET /commands/command/:id': async (app, viewer, { params }: any) => ({
    command: await commands.get(app.db, params.id, viewer),
  }),
};
/* eslint-enable @typescript-eslint/no-explicit-any */

interface Route {
  method: string;
  parts: string[];
  schema: {
    params?: ZodType;
    querystring?: ZodType;
    body?: ZodType;
    response?: Record<number, ZodType>;
  };
  read: Reader;
}

/** The readers with their routes' schemas (from the route table, once every route is there). */
function routesOf(app: FastifyInstance): Route[] {
  return Object.entries(READERS).map(([key, read]) => {
    const [method, url] = key.split(' ');
    const route = app.routeTable.find((r) => r.method === method && r.url === url);
    if (!route) throw new Error(`page data: no route ${key}`);
    return { method, parts: url.split('/'), schema: (route.schema ?? {}) as Route['schema'], read };
  });
}

/** The route's path parameters if `path` is one of its addresses (the router's decoding). */
function match(parts: string[], path: string): Record<string, string> | null {
  const given = path.replace(/\/+$/, '').split('/');
  if (given.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(given[i]);
      } catch {
        return null;
      }
    } else if (part !== given[i]) return null;
  }
  return params;
}

/** A failed check of the input, as plugins/errors.ts answers it: field → message keys. */
function invalidInput(issues: { path: PropertyKey[]; message: string }[]): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const list = (errors[String(issue.path[0] ?? 'global')] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return new HttpError(422, errors);
}

function checked(schema: ZodType | undefined, value: unknown, where: 'params' | 'input') {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw where === 'params' ? notFound() : invalidInput(result.error.issues);
}

/** An answer as `request` reads it (its status and text): a whole Response cost 2 % of a first load. */
function json(status: number, text: string): TransportAnswer {
  return { status, text: () => Promise.resolve(text) };
}

/**
 * A signed-in visitor's own marks (saved, reported, reaction) on the offers `ids`, as the API adds
 * them to each offer and card it answers them (products.mapper.ts): for a page kept for every
 * signed-in visitor (pages.ts), whose data is read as no one's.
 */
export async function viewerMarksOf(
  app: FastifyInstance,
  viewer: NonNullable<FastifyRequest['user']>,
  ids: number[],
): Promise<Record<number, ViewerState>> {
  const marks = ids.length ? await viewerMarks(app.db, viewer.id, ids) : null;
  return Object.fromEntries(ids.map((id) => [id, viewerStateOf(marks, id)]));
}

/** A signed-in visitor's unread notifications (the header's bell), as their API answers them. */
export function visitorUnreadCount(
  app: FastifyInstance,
  viewer: NonNullable<FastifyRequest['user']>,
): Promise<number> {
  return notifications.unreadCount(app.db, viewer.id);
}

/**
 * The transport of a page's render (web/lib/http.ts's Transport): each request is answered by its
 * route's reader, as `request`'s visitor (or as `viewer`: null for a render kept for everyone),
 * with what the request has `known` already for that visitor. An address no reader knows is a
 * server error (logged): the page then renders without that data, and the browser asks for it.
 */
export function pageDataTransport(app: FastifyInstance) {
  let routes: Route[] | null = null;
  return (
      request: FastifyRequest,
      viewer: FastifyRequest['user'] = request.user,
      known: Known = {},
    ) =>
    async (url: string, init: RequestInit): Promise<TransportAnswer> => {
      routes ??= routesOf(app);
      const method = (init.method ?? 'GET').toUpperCase();
      const address = new URL(url, 'http://souq.invalid');
      for (const route of routes) {
        if (route.method !== method) continue;
        const params = match(route.parts, address.pathname);
        if (!params) continue;
        try {
          const input: Input = {
            params: checked(route.schema.params, params, 'params') as Input['params'],
            query: checked(
              route.schema.querystring,
              Object.fromEntries(address.searchParams),
              'input',
            ) as Input['query'],
            body: checked(
              route.schema.body,
              typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
              'input',
            ),
          };
          refuseNulBytes(input.params, 'path');
          refuseNulBytes(input.query);
          refuseNulBytes(input.body);
          const answer = await route.read(app, viewer, input, known);
          if (answer instanceof Ready) return json(200, answer.json);
          const shape = route.schema.response?.[200];
          return json(200, JSON.stringify(shape ? shape.parse(answer) : answer));
        } catch (error) {
          if (error instanceof HttpError) {
            return json(error.statusCode, JSON.stringify({ errors: error.errors }));
          }
          throw error;
        }
      }
      request.log.error({ url, method }, 'page data: no reader for this request');
      return json(500, JSON.stringify({ errors: { global: ['server_error'] } }));
    };
}
