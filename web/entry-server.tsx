import { Fragment, StrictMode, type ReactNode } from 'react';
// React's edge builds: the node build of react-dom/static runs each render in an AsyncLocalStorage
// of its own, and from the first page rendered Node 20 would keep promise hooks on for every
// promise of every request (5.7 % of a JSON read). The edge build uses one only where
// AsyncLocalStorage is a global, which it is not in Node.
import { prerender } from 'react-dom/static.edge';
import { renderToString } from 'react-dom/server.edge';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { Language } from '../shared/constants';
import type { FormState } from '../shared/domain/forms';
import type { ViewerState } from '../shared/schemas/products';
import { App, createQueryClient, Providers } from './app/app';
import { offerSlots } from './app/offer-slots';
import { OfferSlotsProvider } from './features/products/components/offer-slots';
import { PersonalPartsProvider, type PersonalPart } from './lib/personal';
import { ServerRenderProvider } from './lib/render-seed';
import { messagesByPart, SHARED_PARTS_KEPT, sharedKey, sharedPartBytes } from './lib/shared-parts';
import { cut, keptFits, shopOf, withMarks, type KeptRender } from './lib/kept-render';
import { ServerRedirectProvider, type ServerRedirect } from './components/redirect';
import { matchPage } from './app/router';
import { HttpError, type Transport } from './lib/http';
import { withTransport } from './lib/page-transport';
import { createI18n, loadDictionary } from './lib/i18n';
import type { ServerRender } from './lib/render-seed';
import { meKeys, meQuery } from './lib/use-me';
import { unreadCountQuery } from './features/notifications';

// Server rendering (DESIGN §11, docs/decisions.md "Server rendering"): built by Vite into
// dist/ssr/entry-server.js and called by the server's page plugin (server/plugins/pages.ts) for
// every page. The page's data is asked through the same query options the page uses in the
// browser, answered by the server's services as the page's visitor (server/plugins/page-data.ts); the
// cache is then handed to the browser with the HTML, so nothing is fetched twice.

export interface RenderOptions {
  /** The address asked for: path and query. */
  url: string;
  language: Language;
  /** Answers the page's API requests (the server's services, as the page's visitor). */
  transport: Transport;
  /** The visitor's XSRF token for the page's forms, and a form posted there without scripts. */
  form?: FormState;
  /** A part that failed to render (the browser renders it again): for the server's log. */
  onError?: (error: unknown) => void;
  /**
   * The render to keep for every signed-in visitor (`transport` answers as no one): the visitor's
   * own parts (lib/personal.tsx) are placeholders, and the result's `kept` renders them for each
   * (`render.parts`). Only for the pages in KEPT_PAGES (else `kept` is null).
   */
  keep?: boolean;
}

export interface RenderResult {
  /** 200, or 404 for an unknown address or an unknown offer, shop, user… */
  status: number;
  /** Where the page sent the visitor instead (sign in first…): the server redirects there. */
  redirect: string | null;
  /** The page's source file (web/…), for the server to link its chunk's CSS and scripts. */
  module: string;
  /**
   * The page waits for the whole dictionary: the server preloads its second part too. False for
   * every page now: one that needs more than the first part gets the messages it shows in its
   * state (`ServerState.messages`).
   */
  wholeDictionary: boolean;
  /** The page's data and seed, for the browser (JSON, to be escaped by the caller). */
  state: ServerState;
  /** The page's HTML (#root's content). */
  html: string;
  /** With `keep`: what renders the visitor's parts (opaque to the server), else null. */
  kept: KeptRender | null;
}

export interface ServerState {
  /** The render's seed and clock (web/lib/render-seed.ts). */
  server: ServerRender;
  queries: ReturnType<typeof dehydrate>;
  /**
   * The messages the page showed, for a page that needs more than the dictionary's first part:
   * the browser hydrates it with those and the first part, and loads the rest when the visitor acts.
   */
  messages?: Record<string, string>;
}

/** The status a failed prefetch gives the page: a missing thing is a 404; the rest a 200 page. */
function statusOf(error: unknown): number {
  if (error instanceof HttpError && (error.status === 404 || error.status === 410)) return 404;
  return 200;
}

async function prefetch(
  client: QueryClient,
  url: URL,
  page: NonNullable<ReturnType<typeof matchPage>>,
): Promise<number> {
  const module = await page.handle.load();
  // Who is signed in comes first: the header and the page's own controls depend on it, and the
  // header's bell on their unread count.
  const me = await client.fetchQuery(meQuery).catch(() => null);
  if (me) await client.prefetchQuery(unreadCountQuery(true));
  try {
    await module.prefetch?.({ params: page.params, searchParams: url.searchParams, client });
  } catch (error) {
    return statusOf(error);
  }
  return page.notFound ? 404 : 200;
}

/**
 * The pages whose every part that depends on the visitor is a `Personal` (lib/personal.tsx),
 * checked by server/plugins/pages-fragments.test.ts: a signed-in visitor gets them from a kept
 * render. Any other page renders whole for them.
 */
const KEPT_PAGES: ReadonlySet<string> = new Set(['features/products/product-page.tsx']);

/** The signed-in user's own queries: never in a kept render's data. */
const isVisitorQuery = (key: readonly unknown[]) =>
  key[0] === meKeys.all[0] ||
  JSON.stringify(key) === JSON.stringify(unreadCountQuery(true).queryKey);

const dehydrateOptions = (keep: boolean) => ({
  shouldDehydrateQuery: (query: {
    queryKey: readonly unknown[];
    state: { status: string; error: unknown };
  }) =>
    !(keep && isVisitorQuery(query.queryKey)) &&
    (query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof HttpError)),
});

// prerender, not renderToPipeableStream: it waits for every part (lazy ones included) and
// writes each in place, where streaming would send late parts with inline scripts to move them,
// which the page's Content-Security-Policy (script-src 'self') forbids. Crawlers and visitors
// without JavaScript read it all; the status and the head depend on the data anyway.
async function htmlOf(element: ReactNode, onError?: (error: unknown) => void): Promise<string> {
  const { prelude } = await prerender(element, {
    onError: (error) => onError?.(error),
    // React moves a large part out of line (with a script to put it back) unless told not to.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Uint8Array[] = [];
  const reader = prelude.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The parts' HTML from a synchronous render (no streams: most of a kept page's request), or null
 * if a part waited for something (code not loaded yet): then rendered by `htmlOf`, which waits.
 */
function partsHtml(parts: ReactNode): string | null {
  const html = renderToString(parts);
  // A boundary React left to the browser (`<!--$!-->`): a part suspended.
  return html.includes('<!--$!') ? null : html;
}

export async function render({
  url,
  language,
  transport,
  form,
  onError,
  keep = false,
}: RenderOptions): Promise<RenderResult> {
  const address = new URL(url, 'http://souq.invalid');
  const page = matchPage(address.pathname);
  if (!page) throw new Error(`entry-server: no route for ${address.pathname}`);
  const keeping = keep && KEPT_PAGES.has(page.handle.module);
  const client = createQueryClient({ server: true });
  const status = await withTransport(transport, () => prefetch(client, address, page));
  const server: ServerRender = {
    seed: Math.floor(Math.random() * 2 ** 31),
    now: Date.now(),
    form,
    unread: client.getQueryData(unreadCountQuery(true).queryKey),
  };
  const messages: Record<string, string> = {};
  const whole = page.handle.wholeDictionary;
  const i18n = createI18n(language, await loadDictionary(language), whole ? messages : undefined);

  const redirect: ServerRedirect = { to: null };
  const parts: PersonalPart[] = [];
  const app = <App i18n={i18n} queryClient={client} location={url} server={server} />;
  const html = await htmlOf(
    <StrictMode>
      <ServerRedirectProvider value={redirect}>
        {keeping ? <PersonalPartsProvider value={parts}>{app}</PersonalPartsProvider> : app}
      </ServerRedirectProvider>
    </StrictMode>,
    onError,
  );
  const queries = dehydrate(client, dehydrateOptions(keeping));
  const items = parts.flatMap((part) => (part.item ? [part.item] : []));
  return {
    status,
    redirect: redirect.to,
    module: page.handle.module,
    wholeDictionary: false,
    state: whole ? { server, queries, messages } : { server, queries },
    html,
    kept:
      keeping && !redirect.to
        ? {
            url,
            language,
            whole,
            seed: server.seed,
            now: server.now,
            parts,
            ...cut(html),
            queries,
            messages,
            items: [...new Set(items.map((item) => item.id))],
            shops: [...new Set(items.flatMap((item) => shopOf(item) ?? []))],
            shared: new Map(),
          }
        : null,
  };
}

/**
 * One signed-in visitor's parts of a kept render (`render({ keep: true })`), and the page's data for
 * their browser: the kept data with the visitor's marks, who they are and their unread count. Null
 * when the kept render does not fit the visitor (keptFits): the server renders the page whole.
 */
export async function renderParts(
  kept: KeptRender,
  {
    transport,
    form,
    marks,
    onError,
  }: {
    transport: Transport;
    form: FormState;
    marks: Record<number, ViewerState>;
    onError?: (error: unknown) => void;
  },
): Promise<{ html: string; state: ServerState; reused: number; keptBytes: number } | null> {
  const client = createQueryClient({ server: true });
  const me = await withTransport(transport, async () => {
    const found = await client.fetchQuery(meQuery).catch(() => null);
    if (found) await client.prefetchQuery(unreadCountQuery(true));
    return found;
  });
  if (!me || !keptFits(me, kept)) return null;
  hydrate(client, withMarks(kept.queries, marks));
  const server: ServerRender = {
    seed: kept.seed,
    now: kept.now,
    form,
    unread: client.getQueryData(unreadCountQuery(true).queryKey),
  };
  const messages = { ...kept.messages };
  const recorded = messagesByPart(messages);
  const i18n = createI18n(
    kept.language,
    await loadDictionary(kept.language),
    kept.whole ? recorded.used : undefined,
  );
  const own = (part: PersonalPart) =>
    part.item
      ? part.render({ ...part.item, ...marks[part.item.id] } as never)
      : part.render(undefined as never);
  // A shared part already rendered for the same marks is not rendered again (lib/personal.tsx).
  const keys = kept.parts.map((part, index) =>
    part.shared ? sharedKey(index, part.item ? marks[part.item.id] : undefined) : null,
  );
  const html: (string | undefined)[] = keys.map((key) => {
    const known = key === null ? undefined : kept.shared.get(key);
    if (known) Object.assign(messages, known.messages);
    return known?.html;
  });
  const rendering = kept.parts.flatMap((_, index) => (html[index] === undefined ? [index] : []));
  // The bytes of the shared parts kept now, for the server's page cache budget.
  let keptBytes = 0;
  if (rendering.length) {
    // Every part after its placeholder, in one render: the HTML is cut at the placeholders.
    const element = (
      <StrictMode>
        <ServerRedirectProvider value={{ to: null }}>
          <Providers i18n={i18n} queryClient={client}>
            <ServerRenderProvider value={server}>
              <StaticRouter location={kept.url}>
                <OfferSlotsProvider value={offerSlots}>
                  {rendering.map((index) => (
                    <Fragment key={index}>
                      <template data-part={index} />
                      <recorded.Begin index={index} />
                      {own(kept.parts[index])}
                    </Fragment>
                  ))}
                </OfferSlotsProvider>
              </StaticRouter>
            </ServerRenderProvider>
          </Providers>
        </ServerRedirectProvider>
      </StrictMode>
    );
    // A render that waited (code not loaded yet) may have rendered its parts out of order: its
    // messages are not told apart, and nothing of it is kept for others.
    const inOrder = partsHtml(element);
    const { pieces, order } = cut(inOrder ?? (await htmlOf(element, onError)));
    // Anything before the first part (a resource React hoists) has no place in the kept page.
    if (
      pieces[0] !== '' ||
      order.length !== rendering.length ||
      order.some((part, i) => part !== rendering[i])
    ) {
      return null;
    }
    rendering.forEach((index, i) => {
      html[index] = pieces[i + 1];
      const key = keys[index];
      if (key === null || inOrder === null || kept.shared.size >= SHARED_PARTS_KEPT) return;
      const part = { html: pieces[i + 1], messages: recorded.byPart.get(index) ?? {} };
      kept.shared.set(key, part);
      keptBytes += sharedPartBytes(key, part);
    });
  }
  const queries = dehydrate(client, dehydrateOptions(false));
  return {
    html: kept.pieces.map((piece, i) => (i ? html[kept.order[i - 1]] : '') + piece).join(''),
    state: kept.whole ? { server, queries, messages } : { server, queries },
    reused: kept.parts.length - rendering.length,
    keptBytes,
  };
}

/** Whether a signed-in visitor's page at `url` can come from a kept render (KEPT_PAGES). */
export function keeps(url: string): boolean {
  const page = matchPage(new URL(url, 'http://souq.invalid').pathname);
  return !!page && KEPT_PAGES.has(page.handle.module);
}

// The server reaches them through `render` (server/plugins/page-render.ts loads one export).
render.parts = renderParts;
render.keeps = keeps;
