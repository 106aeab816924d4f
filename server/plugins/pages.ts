import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import { directionOf } from '../../shared/domain/language';
import { escapeHtml, MAIN_READ_TAG, pageTags, preloadTag, type PageMeta } from './page-tags';
import { pageShell } from './page-shell';
import { SITE_TEXTS } from './site-texts';
import { viewStyles } from './page-styles';
import { pageAssets, stateScript, withoutForm, type PageRenderer } from './page-render';
import { pageDataTransport } from './page-data';
import { sendKept, writeKeptPage, type KeptPage } from './page-cache';
import { pagesFrontLane } from './pages-front-lane';
import { oneAtATime, type KeptDocument } from './kept-visits';
import { signedInPages, type DocumentOf } from './signed-in-pages';
import { bootTags, splitTemplate } from './page-boot';
import { dictionaryModules } from './page-language';
import { ASSETS_PREFIX } from './page-urls';
import type { PostedForm } from '../../shared/domain/forms';

// The web app's pages (DESIGN §3): a GET that does not want JSON (negotiation.ts) gets the web
// app's HTML, its <html lang dir> set to the visitor's language and its <title>, description and
// Open Graph tags filled in on the server (for sharing previews).

export type { PageMeta };

declare module 'fastify' {
  interface FastifyReply {
    /**
     * The page at the request's address. `posted`: the form posted there without scripts, shown
     * again with its errors at the reply's status (no-script-forms.ts).
     */
    page(meta?: PageMeta, posted?: PostedForm): FastifyReply;
  }
}

export interface PagesOptions {
  /** The web app's renderer (page-render.ts: the build's, or web/entry-server.tsx in tests); none: the shell. */
  render?: PageRenderer | null;
}

export default fp<PagesOptions>(async (app, options) => {
  const { webDir } = app.config;
  const render = options.render ?? null;
  const assetsOf = pageAssets(webDir, viewStyles(app, webDir));
  const built = path.join(webDir, 'index.html');
  const templatePath = fs.existsSync(built) ? built : path.resolve('web/index.html');
  // The template's module script and preloads go to the end of the body (page-boot.ts).
  const scripts = splitTemplate(fs.readFileSync(templatePath, 'utf8'));
  const { template } = scripts;

  // The map's services (DESIGN §10: TILE_URL, ROUTING_URL), read by web/lib/map-config.ts: the
  // web app is built once and runs against whatever services the server is configured with.
  const mapTags = [
    `<meta name="tile-url" content="${escapeHtml(app.config.tileUrl)}">`,
    `<meta name="routing-url" content="${escapeHtml(app.config.routingUrl)}">`,
  ].join('\n');

  const dictionaries = dictionaryModules(webDir);
  const transportOf = pageDataTransport(app);
  const once = oneAtATime();

  /**
   * The page's HTML around #root's content: the head's tags, the language, the data, and the
   * app's scripts, started after the first paint with the page's own modules (`modules`).
   */
  function pageHtml(
    request: FastifyRequest,
    meta: PageMeta,
    root: string,
    { head = '', tail = '', modules = [] as string[] } = {},
  ) {
    const lang = request.language;
    const tags = [
      // A page without a description of its own (home, search…) describes the site.
      ...pageTags(
        { ...meta, description: meta.description ?? SITE_TEXTS[lang].description },
        app.config.publicUrl + request.url,
      ),
      mapTags,
      preloadTag(meta),
    ]
      .filter(Boolean)
      .join('\n');
    // Function replacers: a string replacement would read `$\``, `$&` and `$'` in a product's
    // text or in the URL as "the template around the match" (issue 14 item 10).
    return template
      .replace(/<html[^>]*>/, () => `<html lang="${lang}" dir="${directionOf(lang)}">`)
      .replace(/<title>[\s\S]*?<\/title>/, () => tags)
      .replace('</head>', () => `${head}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${root}</div>${tail}` +
          bootTags(scripts.entry, [...scripts.preloads, ...dictionaries[lang].first, ...modules]),
      );
  }

  /** The app's shell, filled by the script (no renderer: a server run without its build). */
  function shell(reply: FastifyReply, meta: PageMeta) {
    return (
      reply
        // A page already known to be missing (a malformed id, plugins/errors.ts) stays a 404.
        .status(reply.statusCode === 404 ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pageHtml(reply.request, meta, pageShell(reply.request.language)))
    );
  }

  async function renderPage(reply: FastifyReply, meta: PageMeta, posted: PostedForm | null) {
    const { request } = reply;
    if (!signedIn) return shell(reply, meta);
    // A visitor not signed in gets the page kept for the address (page-cache.ts), if there is one.
    const key = posted ? null : app.pageCache.keyOf(request, reply.statusCode);
    const kept = key ? await app.pageCache.get(key) : null;
    if (kept) return sendKept(reply, kept);
    // Someone signed in gets it from the render kept for every signed-in visitor, their own parts
    // rendered for them, where the page allows it.
    const signedInKey = posted ? null : app.pageCache.signedInKeyOf(request, reply.statusCode);
    if (signedInKey) {
      const own = await signedIn.fromKeptRender(reply, meta, signedInKey);
      if (own !== null) return own;
    }
    const filling = key ? app.pageCache.begin(key) : null;
    try {
      return await renderNew(reply, meta, posted, filling);
    } finally {
      filling?.done(null);
    }
  }

  /** The meta of a page as rendered: a page that is not there says so in its title. */
  function shownMeta(request: FastifyRequest, meta: PageMeta, status: number, preset: number) {
    // Issue 35 item 17: a page that is not there says so in its title (tab, history, bookmarks),
    // as the app's not-found view does once running; a page with a title of its own keeps it.
    const missing = status === 404 || preset === 404;
    return missing && !meta.title
      ? { ...meta, title: SITE_TEXTS[request.language].not_found_title }
      : meta;
  }

  /** The modules a rendered page loads after the entry. */
  function modulesOf(request: FastifyRequest, page: { module: string; wholeDictionary: boolean }) {
    const assets = assetsOf(page.module);
    return page.wholeDictionary
      ? [...dictionaries[request.language].rest, ...assets.modules]
      : assets.modules;
  }

  const documentOf: DocumentOf = (request, meta, page, preset, root, tail) =>
    pageHtml(request, shownMeta(request, meta, page.status, preset), root, {
      // A rendered page: painted once its main part has been read (page-tags.ts).
      head: assetsOf(page.module).css + MAIN_READ_TAG,
      tail,
      modules: modulesOf(request, page),
    });

  // Signed-in visitors' pages from a render kept for the address (signed-in-pages.ts).
  const signedIn = render && signedInPages(app, { render, transportOf, once, documentOf });

  async function renderNew(
    reply: FastifyReply,
    meta: PageMeta,
    posted: PostedForm | null,
    filling: ReturnType<typeof app.pageCache.begin> | null,
  ) {
    const { request } = reply;
    const xsrf = app.sessions.xsrfToken(request);
    const page = await render!({
      url: request.url,
      language: request.language,
      transport: transportOf(request),
      form: { xsrf, posted },
      onError: (error) => request.log.warn({ err: error }, 'server rendering: a part failed'),
    });
    // The page sends the visitor elsewhere (sign in first): so does the server, before any script.
    if (page.redirect) {
      return reply.header('cache-control', 'private, no-cache').redirect(page.redirect, 302);
    }
    // A page without a script-less form (the token nowhere in its HTML) need not carry the token
    // in its data either: it can be kept and sent to any visitor not signed in.
    const keepable = filling && [200, 404].includes(page.status) && !page.html.includes(xsrf);
    const state = keepable ? withoutForm(page.state) : page.state;
    const html = documentOf(request, meta, page, reply.statusCode, page.html, stateScript(state));
    const stored = keepable
      ? filling.done({ status: page.status, html, front: frontOf(request) })
      : null;
    if (stored) return sendKept(reply, stored);
    return (
      reply
        // A form refused keeps its error's status (422, 401, 419, 429…).
        .status(posted ? reply.statusCode : page.status)
        .type('text/html; charset=utf-8')
        // The page holds the visitor's own data (who is signed in): never shared by caches.
        .header('cache-control', 'private, no-cache')
        .send(html)
    );
  }

  // A visitor's page kept for the address is sent before the route reads anything (the offer,
  // its availability, its tags: all in the kept page already). A route that would answer
  // otherwise now (an offer hidden, deleted, edited) has had a write that made the page stale, and
  // an offer that ends with time is stale within the cache's age (page-cache.ts).
  // - A visitor not signed in: once every check that comes before the route has run (the session,
  //   the read limit: onRequest), before the route's own (parameters, sign-in): those depend on the
  //   address alone, and a page is kept under the status the route gave before rendering it
  //   (`keyOf`), so an address the route refuses (a 404, a 401) has no page kept under 200.
  // - Someone signed in: their own page kept from a kept render (kept-visits.ts), once the route's
  //   checks have run; it was made by this route for them in the same generation.
  // Callback style: no promise for the requests that pass on (the JSON reads).
  const visitorsKeptPage: preParsingHookHandler = (request, reply, _payload, done) => {
    if (request.wantsJson || request.user) return done();
    const key = app.pageCache.keyOf(request, reply.statusCode);
    const kept = key ? app.pageCache.fresh(key) : null;
    if (!kept) return done();
    writeKeptPage(reply, kept, app.documentSecurityHeaders);
  };
  // Every route's, and the not-found handler's (home, search: the web app's own routes).
  if (signedIn) app.addHook('preParsing', visitorsKeptPage);
  // The same pages in front of Fastify, when the raw request tells enough (pages-front-lane.ts).
  if (signedIn) app.frontLanes.push(pagesFrontLane(app));
  app.addHook('preHandler', (request, reply, done) => {
    if (!signedIn || request.wantsJson || !request.user) return done();
    const signedInKey = app.pageCache.signedInKeyOf(request, reply.statusCode);
    const document = signedInKey
      ? (app.pageCache.keptRender(signedInKey) as KeptDocument | null)
      : null;
    if (!document) return done();
    signedIn.keptVisit(request, signedInKey!, document).then((visit) => {
      if (!visit) return done();
      signedIn.send(reply, visit);
    }, done);
  });

  app.decorateReply(
    'page',
    function (this: FastifyReply, meta: PageMeta = {}, posted?: PostedForm) {
      renderPage(this, meta, posted ?? null).catch((error: unknown) => {
        // The browser can still render the page itself: it gets the shell.
        this.request.log.error({ err: error }, 'server rendering failed');
        if (!this.sent) shell(this, meta);
      });
      return this;
    },
  );

  if (fs.existsSync(path.join(webDir, 'assets'))) {
    // Hashed file names: cache for a year, never revalidate.
    await app.register(fastifyStatic, {
      root: path.join(webDir, 'assets'),
      prefix: ASSETS_PREFIX,
      immutable: true,
      maxAge: '365d',
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent when accepted.
      preCompressed: true,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.wantsJson &&
      !request.url.startsWith(ASSETS_PREFIX)
    ) {
      return reply.page();
    }
    return reply.status(404).send({ errors: { global: ['not_found'] } });
  });
});

/**
 * Whether the front lane may send the page this request keeps, and its route (KeptPage.front):
 * not when a request hook the lane does not do runs before the route (a database rate limit,
 * XSRF on a GET); the read limit it does.
 */
function frontOf(request: FastifyRequest): KeptPage['front'] {
  const config = request.routeOptions.config ?? {};
  if (config.rateLimit || config.xsrf) return null;
  return { route: request.routeOptions.url ?? null };
}
