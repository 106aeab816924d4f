import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Language } from '../../../shared/constants';
import { directionOf } from '../../../shared/domain/language';
import { webManifestResponse, type WebManifest } from '../../../shared/schemas/pwa';
import { errorsBody } from '../../../shared/schemas/common';
import { notFound } from '../../errors';
import { appendVary } from '../../plugins/vary';
import { SITE_TEXTS } from '../../plugins/site-texts';

// DESIGN §11 "Offline and install" (docs/offline.md): the web manifest in the visitor's language,
// and the built service worker, offline page and icons from the build's root (dist/web): the
// worker must be served from / to control every page.

const THEME = '#0f766e';
const BACKGROUND = '#f7f7f5';

export function webManifest(lang: Language): WebManifest {
  return {
    id: '/',
    ...SITE_TEXTS[lang],
    lang,
    dir: directionOf(lang),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME,
    background_color: BACKGROUND,
    categories: ['shopping'],
    icons: [192, 512].flatMap((size) => [
      {
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose: 'any' as const,
      },
      {
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose: 'maskable' as const,
      },
    ]),
  };
}

const ICON = /^(icon|maskable)-(192|512)\.png$/;

const pwaRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = app.config.webDir;

  async function sendBuilt(reply: FastifyReply, file: string, type: string, cache: string) {
    const body = await fs.readFile(path.join(root, file)).catch(() => null);
    if (!body) throw notFound();
    return reply.type(type).header('cache-control', cache).send(body);
  }

  // The link is <link rel="manifest" crossorigin="use-credentials">, so the cookies that decide
  // the language come with the request.
  app.get(
    '/manifest.webmanifest',
    { schema: { response: { 200: webManifestResponse } } },
    async (request, reply) => {
      appendVary(reply, 'Cookie');
      appendVary(reply, 'Accept-Language');
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(webManifest(request.language));
    },
  );

  // The worker is checked for a new version on every visit: never kept by HTTP caches.
  app.get('/sw.js', { schema: { hide: true } }, (_request, reply) =>
    sendBuilt(reply, 'sw.js', 'text/javascript; charset=utf-8', 'no-cache'),
  );
  app.get('/offline.html', { schema: { hide: true } }, (_request, reply) =>
    sendBuilt(reply, 'offline.html', 'text/html; charset=utf-8', 'no-cache'),
  );
  // The tab's icon (web/index.html links it); it was answered with the page until now.
  app.get('/favicon.svg', { schema: { hide: true } }, (_request, reply) =>
    sendBuilt(reply, 'favicon.svg', 'image/svg+xml', 'public, max-age=86400'),
  );
  app.get(
    '/icons/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(40) }),
        response: { 404: errorsBody },
      },
    },
    (request, reply) => {
      if (!ICON.test(request.params.file)) throw notFound();
      return sendBuilt(reply, `icons/${request.params.file}`, 'image/png', 'public, max-age=86400');
    },
  );
};

export default pwaRoutes;
