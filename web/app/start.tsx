import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { App, createQueryClient } from './app';
import { preloadPage } from './router';
import { installHistoryGuard } from '../lib/history-guard';
import { reportError } from '../lib/report-error';
import {
  createI18n,
  currentLanguage,
  keepServerMessagesUntilInput,
  loadDictionary,
  loadRestOfDictionary,
  loadRestOfDictionaryOnInput,
} from '../lib/i18n';
import type { ServerState } from '../entry-server';

/** A first view's islands (web/islands.tsx), which the whole app starts around. */
export interface Islands {
  /** Their query client: the page's data, with what a tap changed. */
  queryClient: QueryClient;
  /** Called just before the app hydrates the page: what the islands added outside theirs goes. */
  beforeHydrate: () => void;
}

/**
 * Starts the whole app on the page: hydrates the server's HTML (`state`: its data), or renders it
 * alone. `islands`: the page's first view ran as islands, which keep running inside the app.
 */
export async function startApp(state: ServerState | null, islands?: Islands) {
  // Before the router listens to Back and Forward (lib/history-guard.ts).
  installHistoryGuard();
  const language = currentLanguage();
  const dictionary = loadDictionary(language);
  // A page the server rendered came with the messages it shows: hydrating it needs only the first
  // part of the dictionary and those, not the rest (loaded when the visitor acts).
  const messages = state?.messages;
  if (messages && !islands) keepServerMessagesUntilInput();
  // The first page's code loads at the same time as the dictionary, not after it.
  const page = preloadPage(window.location.pathname, messages ? { withDictionary: false } : {});
  const queryClient = islands?.queryClient ?? createQueryClient();
  const root = document.getElementById('root')!;
  // The home page needs only the dictionary's first part; the rest comes when the visitor acts.
  if (!islands) loadRestOfDictionaryOnInput();

  if (!state) {
    createRoot(root).render(
      <StrictMode>
        <App i18n={createI18n(language, await dictionary)} queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  // The server rendered this page (web/entry-server.tsx): take over its HTML as it is, with the
  // data it was rendered from, once the page's code and the dictionary are here.
  if (!islands) hydrate(queryClient, state.queries);
  // A server's message (an error the page shows) may be anywhere in the dictionary.
  const failed =
    state.queries.queries.some((query) => query.state.error) || !!state.server.form?.posted;
  const [i18nDictionary] = await Promise.all([
    dictionary,
    page,
    failed ? loadRestOfDictionary() : null,
  ]);
  islands?.beforeHydrate();
  // In a transition, React hydrates in slices of a few milliseconds, yielding to the browser
  // between them, instead of in one long task: on a slow phone the page answers a tap sooner
  // (Lighthouse's Total Blocking Time). A tap during hydration hydrates its part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App
          i18n={createI18n(
            language,
            messages ? { ...messages, ...i18nDictionary } : i18nDictionary,
          )}
          queryClient={queryClient}
          server={state.server}
        />
      </StrictMode>,
      {
        // A part whose HTML did not match (React #418) is rendered again by the browser, silently
        // but for this: said in the console (the browser tests fail on it) and reported to staff.
        onRecoverableError: (error, info) => {
          console.error('Recoverable error while hydrating:', error, info.componentStack ?? '');
          reportError(error, 'recoverable');
        },
      },
    );
  });
}
