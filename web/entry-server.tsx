import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { Language } from '../shared/constants';
import type { FormState } from '../shared/domain/forms';
import { App, createQueryClient } from './app/app';
import { ServerRedirectProvider, type ServerRedirect } from './components/redirect';
import { matchPage } from './app/router';
import { HttpError, setTransport, type Transport } from './lib/http';
import { createI18n, loadDictionary } from './lib/i18n';
import type { ServerRender } from './lib/render-seed';
import { meQuery } from './lib/use-me';
import { unreadCountQuery } from './features/notifications';

// Server rendering (DESIGN §11, docs/decisions.md "Server rendering"): built by Vite into
// dist/ssr/entry-server.js and called by the server's page plugin (server/plugins/pages.ts) for
// every page. The page's data is asked through the same query options the page uses in the
// browser, answered by the server's services as the page's visitor (server/plugins/page-data.ts); the
// cache is then handed to the browser with the HTML, so nothing is fetched twice.

/** The page being rendered's way to the API: requests made while prefetching go through it. */
const pageTransport = new AsyncLocalStorage<Transport>();
setTransport((url, init) => {
  const transport = pageTransport.getStore();
  if (!transport) throw new Error('entry-server: a request outside of a page render');
  return transport(url, init);
});

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

export async function render({
  url,
  language,
  transport,
  form,
  onError,
}: RenderOptions): Promise<RenderResult> {
  const address = new URL(url, 'http://souq.invalid');
  const page = matchPage(address.pathname);
  if (!page) throw new Error(`entry-server: no route for ${address.pathname}`);
  const client = createQueryClient({ server: true });
  const status = await pageTransport.run(transport, () => prefetch(client, address, page));
  const server: ServerRender = {
    seed: Math.floor(Math.random() * 2 ** 31),
    now: Date.now(),
    form,
    unread: client.getQueryData(unreadCountQuery(true).queryKey),
  };
  const messages: Record<string, string> = {};
  const whole = page.handle.wholeDictionary;
  const i18n = createI18n(language, await loadDictionary(language), whole ? messages : undefined);

  // prerender, not renderToPipeableStream: it waits for every part (lazy ones included) and
  // writes each in place, where streaming would send late parts with inline scripts to move them,
  // which the page's Content-Security-Policy (script-src 'self') forbids. Crawlers and visitors
  // without JavaScript read it all; the status and the head depend on the data anyway.
  const redirect: ServerRedirect = { to: null };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerRedirectProvider value={redirect}>
        <App i18n={i18n} queryClient={client} location={url} server={server} />
      </ServerRedirectProvider>
    </StrictMode>,
    {
      onError: (error) => onError?.(error),
      // React moves a large part out of line (with a script to put it back) unless told not to.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof HttpError),
  });
  return {
    status,
    redirect: redirect.to,
    module: page.handle.module,
    wholeDictionary: false,
    state: whole ? { server, queries, messages } : { server, queries },
    html,
  };
}
