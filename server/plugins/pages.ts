import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { directionOf } from '../../shared/domain/language';
import { escapeHtml, pageTags, preloadTag, type PageMeta } from './page-tags';
import { pageShell } from './page-shell';
import { SITE_TEXTS } from './site-texts';
import { viewStyles } from './page-styles';
import { pageAssets, stateScript, withoutForm, type PageRenderer } from './page-render';
import { pageDataTransport, viewerMarksOf, visitorUnreadCount } from './page-data';
import { sendKept } from './page-cache';
import {
  keptVisit,
  oneAtATime,
  ROOT_SLOT,
  sendVisit,
  STAND_IN_TOKEN,
  STATE_SLOT,
  TOKEN_SLOT,
  visitKeyOf,
  type KeptDocument,
  type KeptVisit,
} from './kept-visits';
import { bootTags, splitTemplate } from './page-boot';
import { dictionaryModules } from './page-language';
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
  /** Renders kept for signed-in visitors so far (KeptDocument's id). */
  let keptRenders = 0;
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
    if (!render) return shell(reply, meta);
    // A visitor not signed in gets the page kept for the address (page-cache.ts), if there is one.
    const key = posted ? null : app.pageCache.keyOf(request, reply.statusCode);
    const kept = key ? await app.pageCache.get(key) : null;
    if (kept) return sendKept(reply, kept);
    // Someone signed in gets it from the render kept for every signed-in visitor, their own parts
    // rendered for them, where the page allows it.
    const signedIn = posted ? null : app.pageCache.signedInKeyOf(request, reply.statusCode);
    if (signedIn) {
      const own = await fromKeptRender(reply, meta, signedIn);
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

  /**
   * A signed-in visitor's page from the render kept for the address (docs/decisions.md "Signed-in
   * pages from kept parts"): the document around #root and its parts kept, rendered once as no one
   * (with a stand-in token: a form outside the visitor's parts would show it, and then the page is
   * not kept); the visitor's parts, marks and data added, that page kept for their next loads
   * (kept-visits.ts). Null: rendered whole instead (a page not kept, or not fit for this visitor).
   */
  async function fromKeptRender(reply: FastifyReply, meta: PageMeta, key: string) {
    const { request } = reply;
    let kept = app.pageCache.keptRender(key) as KeptDocument | null;
    if (!kept) {
      if (!render!.keeps(request.url)) return null;
      // Requests for the same page wait for the one render, as the anonymous pages do.
      kept = await once(key, () => keptDocument(request, meta, key, reply.statusCode));
      if (!kept) return null;
    }
    const visit = await ownPage(request, key, kept);
    if (!visit) return null;
    app.pageCache.stats.keptServed += 1;
    return sendVisit(reply, visit, app.sessions.xsrfToken(request));
  }

  /** The render kept for every signed-in visitor of the page at `key`, if it can be. */
  async function keptDocument(
    request: FastifyRequest,
    meta: PageMeta,
    key: string,
    preset: number,
  ) {
    const started = app.pageCache.generation;
    const page = await render!({
      url: request.url,
      language: request.language,
      transport: transportOf(request, null),
      form: { xsrf: STAND_IN_TOKEN, posted: null },
      onError: (error) => request.log.warn({ err: error }, 'server rendering: a part failed'),
      keep: true,
    });
    // The render as no one must answer as the route did for this visitor: an offer held or
    // hidden is 404 to others but found by its author (and staff), who then get it whole.
    if (
      !page.kept ||
      page.redirect ||
      ![200, 404].includes(page.status) ||
      page.status !== preset ||
      page.html.includes(STAND_IN_TOKEN)
    ) {
      return null;
    }
    const document = pageHtml(request, shownMeta(request, meta, page.status, preset), ROOT_SLOT, {
      head: assetsOf(page.module).css,
      tail: STATE_SLOT,
      modules: modulesOf(request, page),
    });
    const [before, rest] = document.split(ROOT_SLOT);
    const [between, after] = rest.split(STATE_SLOT);
    keptRenders += 1;
    const kept: KeptDocument = {
      id: keptRenders,
      generation: started,
      render: page.kept,
      status: page.status,
      before,
      between,
      after,
    };
    const size = before.length + between.length + after.length + page.html.length * 2;
    app.pageCache.keepRender(key, kept, size, started);
    return kept;
  }

  /** Signed-in visitors' unread counts as their request read them (preHandler, then the route). */
  const unreadOf = new WeakMap<FastifyRequest, number>();

  /**
   * The signed-in visitor's unread count (read once a request), and their page kept from `kept`
   * for it if there is one.
   */
  async function keptVisitOf(request: FastifyRequest, key: string, kept: KeptDocument) {
    let unread = unreadOf.get(request);
    if (unread === undefined) {
      unread = await visitorUnreadCount(app, request.user!);
      unreadOf.set(request, unread);
    }
    const visitKey = visitKeyOf(key, kept.id, request.user!.id, unread);
    const visit = app.pageCache.keptRender(visitKey) as KeptVisit | null;
    if (visit) app.pageCache.stats.visitsReused += 1;
    return { unread, visit };
  }

  /** The visitor's page from a kept render: kept for their next loads (kept-visits.ts). */
  async function ownPage(request: FastifyRequest, key: string, kept: KeptDocument) {
    const { unread, visit } = await keptVisitOf(request, key, kept);
    if (visit) return visit;
    const user = request.user!;
    return once(visitKeyOf(key, kept.id, user.id, unread), async () => {
      const own = await render!.parts(kept.render, {
        // The bell's count is the one read above, not read again.
        transport: transportOf(request, user, { unread }),
        form: { xsrf: TOKEN_SLOT, posted: null },
        marks: await viewerMarksOf(app, user, kept.render.items),
        onError: (error) => request.log.warn({ err: error }, 'server rendering: a part failed'),
      });
      if (!own) return null;
      const html = kept.before + own.html + kept.between + stateScript(own.state) + kept.after;
      const made = keptVisit(kept.status, html, app.sessions.xsrfToken(request));
      // Under the count the parts were rendered with (a notification may have come in between).
      const shown = (own.state as { server: { unread?: number } }).server.unread;
      if (typeof shown === 'number') {
        const visitKey = visitKeyOf(key, kept.id, user.id, shown);
        app.pageCache.keepRender(visitKey, made, made.page.size, kept.generation);
      }
      return made;
    });
  }

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
    const shown = shownMeta(request, meta, page.status, reply.statusCode);
    // A page without a script-less form (the token nowhere in its HTML) need not carry the token
    // in its data either: it can be kept and sent to any visitor not signed in.
    const keepable = filling && [200, 404].includes(page.status) && !page.html.includes(xsrf);
    const state = keepable ? withoutForm(page.state) : page.state;
    const html = pageHtml(request, shown, page.html, {
      head: assetsOf(page.module).css,
      tail: stateScript(state),
      modules: modulesOf(request, page),
    });
    const stored = keepable ? filling.done({ status: page.status, html }) : null;
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
  // its availability, its tags: all in the kept page already). The route's own checks before it
  // (the address's parameters, sign-in, the read limit) have run; a route that would answer
  // otherwise now (an offer hidden, deleted, edited) has had a write that made the page stale,
  // and an offer that ends with time is stale within the cache's age (page-cache.ts). So is a
  // signed-in visitor's own page kept from a kept render (kept-visits.ts): it was made by this
  // route for them in the same generation.
  // Callback style: no promise for the requests that pass on (the JSON reads).
  app.addHook('preHandler', (request, reply, done) => {
    if (!render || request.wantsJson) return done();
    const key = app.pageCache.keyOf(request, reply.statusCode);
    const kept = key ? app.pageCache.fresh(key) : null;
    if (kept) return sendKept(reply, kept);
    const signedIn = app.pageCache.signedInKeyOf(request, reply.statusCode);
    const document = signedIn ? (app.pageCache.keptRender(signedIn) as KeptDocument | null) : null;
    if (!document) return done();
    keptVisitOf(request, signedIn!, document).then(({ visit }) => {
      if (!visit) return done();
      app.pageCache.stats.keptServed += 1;
      sendVisit(reply, visit, app.sessions.xsrfToken(request));
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
      prefix: '/assets/',
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
      !request.url.startsWith('/assets/')
    ) {
      return reply.page();
    }
    return reply.status(404).send({ errors: { global: ['not_found'] } });
  });
});
