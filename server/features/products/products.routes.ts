import type { OutgoingHttpHeader } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
} from 'fastify';
import { z } from 'zod';
import { idParam, noContent } from '../../../shared/schemas/common';
import {
  createProductBody,
  favoritesBody,
  favoritesResponse,
  productCardsResponse,
  productResponse,
  productTypeParam,
  reportedResponse,
  savedResponse,
  updateProductBody,
} from '../../../shared/schemas/products';
import { notFound } from '../../errors';
import { parseForm, readForm, uploadRoutes } from '../../media/multipart';
import { acceptsGzip, varyOnEncoding } from '../../plugins/compression';
import { productPageMeta } from '../../plugins/page-tags';
import { asksJson, varyOnNegotiation } from '../../plugins/negotiation';
import { frontSender, type FrontLane } from '../../plugins/front-lane';
import { writeKept } from '../../plugins/kept-answer';
import { authenticated, requireUser } from '../../plugins/session';
import { singleReadLimit } from '../../limits/read-limit';
import * as service from './products.service';
import * as reads from './product-reads.service';
import * as saves from './saves.service';
import { pfieldInputs } from './pfield-values';
import type { CachedProduct } from './product-cache';
import { assertDailyOffersLeft } from './daily-offers';

// DESIGN §4 (create, edit, delete, favorites, similar) and SPEC §7 (the product, saves and
// reports). Create and edit take multipart (with `files`) or JSON; their fields are checked by
// the shared schema once the form is read.
/** The kept answer's headers set on `reply`, and its body: gzipped when the client takes gzip. */
function readyAnswer(request: FastifyRequest, reply: FastifyReply, ready: CachedProduct) {
  reply.type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  if (!acceptsGzip(request)) return ready.json;
  reply.header('content-encoding', 'gzip');
  return ready.gzip;
}

/** The cached answer for visitors, sent by the route (when `keptAnswer` did not send it). */
function sendReady(request: FastifyRequest, reply: FastifyReply, ready: CachedProduct) {
  return reply.send(readyAnswer(request, reply, ready));
}

const PLAIN_ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;
const MAX_NOTIFICATION_ID = 40;
/** A notification id as the web app puts it in the address (others, e.g. with a NUL, go the route's way). */
const PLAIN_NOTIFICATION_ID = /^[0-9A-Za-z_-]{1,40}$/;

/**
 * Issue 31 item 4: a visitor's JSON read of an offer that is kept (product-cache.ts) is answered
 * once the request hooks have run (session, read limit), before validation, the route and the
 * send hooks (about a quarter of the read's CPU, docs/performance.md): the kept bytes, with the
 * headers those would give (the route's, the send hooks' Vary and security headers; the read
 * limit's are on the reply already). Taken only when nothing in the request could change the
 * answer: a GET asking for JSON, nobody signed in, no session cookie to set, the address's
 * parameters in the form the route's schema takes as they are. Anything else goes the route's
 * way (products.cache.routes.test.ts sends both ways and compares the answers).
 */
function keptAnswer(app: FastifyInstance): preValidationHookHandler {
  return (request, reply, done) => {
    const { id, notificationId } = request.params as { id: string; notificationId?: string };
    if (
      request.method !== 'GET' ||
      request.user ||
      request.setsSessionCookies ||
      !PLAIN_ID.test(id) ||
      Number(id) > MAX_ID ||
      (notificationId !== undefined && !PLAIN_NOTIFICATION_ID.test(notificationId)) ||
      !request.wantsJson
    ) {
      return done();
    }
    const ready = reads.keptForVisitors(app.db, Number(id));
    if (!ready) return done();
    const body = readyAnswer(request, reply, ready);
    // What the send hooks would add: the negotiation's Vary, the security headers.
    varyOnNegotiation(reply);
    writeKept(reply, 200, app.jsonSecurityHeaders, body);
  };
}

/**
 * Issue 31 item 4: the same kept read as `keptAnswer`, answered in front of Fastify
 * (plugins/front-lane.ts) when the raw request shows all that the hooks before it would decide:
 * a GET of the plain address asking for JSON, from a visitor whose cookies need nothing
 * (`visitorCookies`), within the address's read limit (counted in the route's own window, only
 * when answered here: a refused hit is not counted, and the route refuses it again). The same
 * status, headers and bytes as the route's way (products.front-lane.routes.test.ts).
 */
function productFrontLane(app: FastifyInstance): FrontLane {
  const path = /^\/products\/product\/([1-9][0-9]{0,9})$/;
  const send = frontSender(app);
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    ...Object.entries(app.jsonSecurityHeaders).flat(),
  ] as OutgoingHttpHeader[];
  return (req, res) => {
    const id = req.method === 'GET' ? path.exec(req.url ?? '')?.[1] : undefined;
    if (
      id === undefined ||
      Number(id) > MAX_ID ||
      !asksJson(req.headers) ||
      !app.sessions.visitorCookies(req.headers.cookie)
    ) {
      return false;
    }
    const ready = reads.keptForVisitors(app.db, Number(id));
    if (!ready) return false;
    const route = '/products/product/:id';
    return send(req, res, { status: 200, route, headers, plain: ready.json, gzip: ready.gzip });
  };
}

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    media: app.media,
    searchAlerts: app.searchAlerts,
    listingDays: app.config.listingDays,
  };
  const multipartOrJson = { consumes: ['multipart/form-data', 'application/json'] };

  // Create and edit take files: read in a scope with the multipart parser (media/multipart.ts).
  await uploadRoutes(app, (forms) => {
    forms.post(
      '/products/create/:type',
      {
        schema: {
          params: productTypeParam,
          ...multipartOrJson,
          response: { 201: productResponse },
        },
        preValidation: authenticated,
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Before the upload is read: a flood costs no image work.
        await app.limitUser('offer', user.id);
        // Issue 21: fewer offers a day for new accounts without a verified phone.
        if (request.params.type === 'offer')
          await assertDailyOffersLeft(app.db, user.id, app.config.userRateLimitFactor);
        const form = await readForm(request);
        const body = parseForm(createProductBody, form.fields);
        const product = await service.create(
          deps,
          user,
          request.params.type,
          body,
          pfieldInputs(form.fields),
          form.files.files ?? [],
        );
        return reply.status(201).send({ product });
      },
    );

    forms.put(
      '/products/:id',
      {
        schema: { params: idParam, ...multipartOrJson, response: { 200: productResponse } },
        preValidation: authenticated,
      },
      async (request) => {
        const user = requireUser(request);
        const form = await readForm(request);
        const body = parseForm(updateProductBody, form.fields);
        const product = await service.update(
          deps,
          user,
          request.params.id,
          body,
          pfieldInputs(form.fields),
          form.files.files ?? [],
        );
        return { product };
      },
    );
  });

  app.delete(
    '/products/:id',
    { schema: { params: idParam, response: { 204: noContent } }, preValidation: authenticated },
    async (request, reply) => {
      await service.remove(deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // A page for browsers (with the offer's title, text and image for sharing previews), JSON for
  // the app. The notification id of the second path is read by the web app, not here.
  const pageParams = idParam.extend({
    notificationId: z.string().max(MAX_NOTIFICATION_ID).optional(),
  });
  const kept = keptAnswer(app);
  app.frontLanes.push(productFrontLane(app));
  for (const url of ['/products/product/:id', '/products/product/:id/:notificationId']) {
    // The answer for visitors is sent ready-made from the cache (bytes, not validated again).
    const schema = { params: pageParams, response: { 200: productResponse } };
    const options = { schema, config: singleReadLimit(app.config), preValidation: kept };
    app.get(url, options, async (request, reply) => {
      const found = await reads.publicDetail(app.db, request.params.id, request.user);
      if (request.wantsJson) {
        if (!found) throw notFound();
        if (found.ready) return sendReady(request, reply, found.ready);
        return { product: found.product };
      }
      if (!found) return reply.page();
      return reply.page(productPageMeta(found.product, request.language, app.config.publicUrl));
    });
  }

  const similar = { params: idParam, response: { 200: productCardsResponse } };
  app.get('/products/similar/:id', { schema: similar }, async (request) => ({
    products: await reads.similar(app.db, request.params.id, request.user),
  }));

  app.post(
    '/products/favorites/paginate',
    {
      schema: { body: favoritesBody, response: { 200: favoritesResponse } },
      preValidation: authenticated,
    },
    async (request) => ({
      products: await reads.favorites(
        app.db,
        requireUser(request),
        request.body.type,
        request.body.page,
      ),
    }),
  );

  // SPEC §7's state-changing GETs: the XSRF check applies to them as to a POST.
  const mark = { preValidation: authenticated, config: { xsrf: true } };
  const save = { ...mark, schema: { params: idParam, response: { 200: savedResponse } } };
  const report = { ...mark, schema: { params: idParam, response: { 200: reportedResponse } } };
  app.get('/products/favorite/add/:id', save, async (request) =>
    saves.setSaved(app.db, requireUser(request), request.params.id, true),
  );
  app.get('/products/favorite/remove/:id', save, async (request) =>
    saves.setSaved(app.db, requireUser(request), request.params.id, false),
  );
  app.get('/products/report/add/:id', report, async (request) => {
    const user = requireUser(request);
    await app.limitUser('report', user.id);
    return saves.setReported(app.db, user, request.params.id, true);
  });
  app.get('/products/report/remove/:id', report, async (request) =>
    saves.setReported(app.db, requireUser(request), request.params.id, false),
  );
};

export default productRoutes;
