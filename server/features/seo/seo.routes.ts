import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { notFound } from '../../errors';
import { acceptsGzip, varyOnEncoding } from '../../plugins/compression';
import * as service from './seo.service';
import { SitemapCache, type BuiltFile } from './sitemap-cache';

const gunzip = promisify(zlib.gunzip);

/** What the sitemaps may hold in memory, gzipped: 1,000,000 offers take about 25 MiB. */
const SITEMAP_CACHE_BYTES = 64 * 1024 * 1024;

/** The client's copy is current: If-None-Match names the file's ETag, or (without it) If-Modified-Since is not older. */
function notModified(request: FastifyRequest, file: BuiltFile): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined)
    return match.split(/\s*,\s*/).some((tag) => tag === file.etag || tag === '*');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(file.builtAt / 1000) * 1000 <= since;
}

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

  // Built once per file and time to live, served gzipped with validators (sitemap-cache.ts); a
  // per-address limit on top, since a miss still reads up to a file's worth of rows.
  const sitemaps = new SitemapCache(
    app.config.sitemapCacheSeconds * 1000,
    SITEMAP_CACHE_BYTES,
    (error) => app.log.error({ err: error }, 'sitemap rebuild failed'),
  );
  const sitemapLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
  const sendXml = async (request: FastifyRequest, reply: FastifyReply, file: BuiltFile) => {
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cached)
      .header('etag', file.etag)
      .header('last-modified', new Date(file.builtAt).toUTCString());
    varyOnEncoding(reply);
    if (notModified(request, file)) return reply.status(304).send();
    // Off the event loop: a file is about 2 MB unzipped, and other requests wait on a sync unzip.
    if (!acceptsGzip(request)) return reply.send(await gunzip(file.gzip));
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  };

  const buildIndex = async () =>
    service.sitemapIndexXml(publicUrl, await service.sitemapFiles(app.db, sitemapPageSize));
  app.get(
    '/sitemap.xml',
    { schema: text('The sitemap index (XML)'), config: sitemapLimit },
    async (request, reply) => sendXml(request, reply, (await sitemaps.get('index', buildIndex))!),
  );
  // The index probes every file's range (0.3 s at a million offers): built once the process
  // listens, in the background, so that a crawler's first request is served from memory too.
  // Injected test apps never listen.
  app.addHook('onListen', async () => {
    sitemaps.get('index', buildIndex).catch((error: unknown) => {
      app.log.error({ err: error }, 'sitemap index prebuild failed');
    });
  });

  const fileParams = z.object({ file: z.string().max(60) });
  app.get(
    '/sitemaps/:file',
    {
      schema: { params: fileParams, ...text('One sitemap file (XML)') },
      config: sitemapLimit,
    },
    async (request, reply) => {
      const name = service.parseSitemapFileName(request.params.file);
      if (!name) throw notFound();
      const file = await sitemaps.get(request.params.file, async () => {
        const entries = await service.sitemapEntries(
          app.db,
          sitemapPageSize,
          name.section,
          name.page,
        );
        return entries && service.urlsetXml(publicUrl, entries);
      });
      if (!file) throw notFound();
      return sendXml(request, reply, file);
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
