import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { notFound } from '../../errors';
import * as service from './seo.service';

// Issue 16 item 3 (docs/seo.md): robots.txt, the sitemap index and its files, and the category
// and subcategory pages' server-filled title, description and breadcrumb.
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl, sitemapPageSize } = app.config;
  const text = (what: string) => ({ response: { 200: z.string().describe(what) } });
  // Crawlers ask often; an hour's staleness costs nothing.
  const cached = 'public, max-age=3600';

  app.get('/robots.txt', { schema: text('robots.txt') }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cached)
      .send(service.robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: text('The sitemap index (XML)') }, async (_request, reply) => {
    const files = await service.sitemapFiles(app.db, sitemapPageSize);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cached)
      .send(service.sitemapIndexXml(publicUrl, files));
  });

  const fileParams = z.object({ file: z.string().max(60) });
  app.get(
    '/sitemaps/:file',
    { schema: { params: fileParams, ...text('One sitemap file (XML)') } },
    async (request, reply) => {
      const file = service.parseSitemapFileName(request.params.file);
      if (!file) throw notFound();
      const entries = await service.sitemapEntries(
        app.db,
        sitemapPageSize,
        file.section,
        file.page,
      );
      if (!entries) throw notFound();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cached)
        .send(service.urlsetXml(publicUrl, entries));
    },
  );

  // Pages only: the web app reads the catalogue from /pcategories and /psubcategories. An unknown
  // category still gets the app, which shows its own not-found (as for offers and shops).
  const page = (what: string) => text(`The ${what} page (HTML); JSON callers get 404`);
  app.get(
    '/categories/:id',
    { schema: { params: idParam, ...page('category') } },
    async (request, reply) => {
      if (request.wantsJson) throw notFound();
      const meta = await service.catalogPage(
        app.db,
        request.language,
        publicUrl,
        request.params.id,
      );
      return reply.page(meta ?? undefined);
    },
  );

  const subcategoryParams = idParam.extend({ subcategoryId: idParam.shape.id });
  app.get(
    '/categories/:id/subcategories/:subcategoryId',
    { schema: { params: subcategoryParams, ...page('subcategory') } },
    async (request, reply) => {
      if (request.wantsJson) throw notFound();
      const { id, subcategoryId } = request.params;
      const meta = await service.catalogPage(
        app.db,
        request.language,
        publicUrl,
        id,
        subcategoryId,
      );
      return reply.page(meta ?? undefined);
    },
  );
};

export default seoRoutes;
