import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageMeta } from './page-tags';
import { stateScript, type PageRenderer } from './page-render';
import { viewerMarksOf, visitorUnreadCount, type pageDataTransport } from './page-data';
import {
  keptVisit,
  type oneAtATime,
  ROOT_SLOT,
  sendVisit,
  STAND_IN_TOKEN,
  STATE_SLOT,
  TOKEN_SLOT,
  visitKeyOf,
  type KeptDocument,
  type KeptVisit,
} from './kept-visits';

// Signed-in visitors' pages from the render kept for an address (docs/decisions.md "Signed-in
// pages from kept parts"): the document around #root and its parts kept, rendered once as no one
// (with a stand-in token: a form outside the visitor's parts would show it, and then the page is
// not kept); each visitor's parts, marks and data added, and that page kept for their next loads
// (kept-visits.ts). Used by pages.ts, in its preHandler (a visitor's page kept already) and when
// the route asks for the page.

export type RenderedPage = Awaited<ReturnType<PageRenderer>>;

/**
 * A rendered page's document (pages.ts): `root` in #root, `tail` after it, its styles and modules,
 * its meta as shown for its status (`preset`: the route's).
 */
export type DocumentOf = (
  request: FastifyRequest,
  meta: PageMeta,
  page: RenderedPage,
  preset: number,
  root: string,
  tail: string,
) => string;

export interface SignedInPagesOptions {
  render: PageRenderer;
  transportOf: ReturnType<typeof pageDataTransport>;
  /** Requests for the same key wait for the one making it (pages.ts's, shared with its renders). */
  once: ReturnType<typeof oneAtATime>;
  documentOf: DocumentOf;
}

export function signedInPages(
  app: FastifyInstance,
  { render, transportOf, once, documentOf }: SignedInPagesOptions,
) {
  /** Renders kept for signed-in visitors so far (KeptDocument's id). */
  let keptRenders = 0;
  /** Signed-in visitors' unread counts as their request read them (preHandler, then the route). */
  const unreadOf = new WeakMap<FastifyRequest, number>();

  /** The render kept for every signed-in visitor of the page at `key`, if it can be. */
  async function keptDocument(
    request: FastifyRequest,
    meta: PageMeta,
    key: string,
    preset: number,
  ) {
    const started = app.pageCache.generation;
    const page = await render({
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
    const document = documentOf(request, meta, page, preset, ROOT_SLOT, STATE_SLOT);
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
      const own = await render.parts(kept.render, {
        // The bell's count is the one read above, not read again.
        transport: transportOf(request, user, { unread }),
        form: { xsrf: TOKEN_SLOT, posted: null },
        marks: await viewerMarksOf(app, user, kept.render.items),
        onError: (error) => request.log.warn({ err: error }, 'server rendering: a part failed'),
      });
      if (!own) return null;
      app.pageCache.stats.partsReused += own.reused;
      // The parts kept with the render for other visitors count in the cache's bytes.
      app.pageCache.grow(key, kept, own.keptBytes);
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

  /** Sends `visit`, the signed-in visitor's page from a kept render. */
  function send(reply: FastifyReply, visit: KeptVisit) {
    app.pageCache.stats.keptServed += 1;
    return sendVisit(
      reply,
      visit,
      app.sessions.xsrfToken(reply.request),
      app.documentSecurityHeaders,
    );
  }

  return {
    /** The visitor's page kept for them from the render kept at `key`, if there is one. */
    async keptVisit(request: FastifyRequest, key: string, kept: KeptDocument) {
      return (await keptVisitOf(request, key, kept)).visit;
    },
    send,
    /**
     * The visitor's page sent from the render kept at `key` (made now if the address allows it).
     * Null: rendered whole instead (a page not kept, or not fit for this visitor).
     */
    async fromKeptRender(reply: FastifyReply, meta: PageMeta, key: string) {
      const { request } = reply;
      let kept = app.pageCache.keptRender(key) as KeptDocument | null;
      if (!kept) {
        if (!render.keeps(request.url)) return null;
        // Requests for the same page wait for the one render, as the anonymous pages do.
        kept = await once(key, () => keptDocument(request, meta, key, reply.statusCode));
        if (!kept) return null;
      }
      const visit = await ownPage(request, key, kept);
      return visit ? send(reply, visit) : null;
    },
  };
}
