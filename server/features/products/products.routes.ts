import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
/** The cached answer for visitors, gzipped when the client takes gzip (browsers all do). */
function sendReady(request: FastifyRequest, reply: FastifyReply, ready: CachedProduct) {
  reply.type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  if (!acceptsGzip(request)) return reply.send(ready.json);
  return reply.header('content-encoding', 'gzip').send(ready.gzip);
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
  const pageParams = idParam.extend({ notificationId: z.string().max(40).optional() });
  for (const url of ['/products/product/:id', '/products/product/:id/:notificationId']) {
    // The answer for visitors is sent ready-made from the cache (bytes, not validated again).
    const schema = { params: pageParams, response: { 200: productResponse } };
    app.get(url, { schema, config: singleReadLimit(app.config) }, async (request, reply) => {
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
