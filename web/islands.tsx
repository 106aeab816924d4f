import './lib/report-error-install';
import './app/pwa/register';
import { StrictMode, startTransition, useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createQueryClient, Providers } from './app/providers';
import { OfflineNotice } from './app/pwa/network-status';
import { serverState } from './app/server-state';
import { appRunning, markReady } from './lib/app-ready';
import {
  createI18n,
  currentLanguage,
  firstPartWithRest,
  keepServerMessagesUntilInput,
  loadDictionary,
  loadRestOfDictionaryOnInput,
} from './lib/i18n';
import { ServerRenderProvider } from './lib/render-seed';
import { meQuery } from './lib/use-me';
import { reportError } from './lib/report-error';
import { giveClickAgain } from './lib/held-click';
import { islandRunning, type IslandComponents } from './components/island';
import { cardIslands } from './features/products/components/card-islands';

// The first view of a page with islands (docs/decisions.md "Islands on the offer page"): the
// server's HTML stays as it is, and only the parts a person can touch (web/components/island.tsx)
// hydrate, each with a root of its own, inside the same providers as the app's (the page's
// messages, a query client seeded from the page's data). No router and no page code: this entry's
// scripts are React, TanStack Query and the islands' own components.
// The rest of the page is the whole app's (web/app/start.tsx): it starts, with the islands' query
// client, around the islands (which keep running), at the visitor's first input outside the
// islands (a click held meanwhile is given again to the same element once the page runs, if the
// app owns it then: web/lib/held-click.ts), or when a part hydrated later (the offer's tabs:
// web/app/deferred-part.tsx) comes near the screen. A link of a part the app hydrates from a
// chunk of its own (the bell: PAGE_LINK) is the server's before then: followed, it loads its page
// (kept by the server's page cache).
// A signed-in visitor's header is live (the bell's count and its stream, issue 18): their page
// runs whole a little after the islands answer, once the browser is idle.

/**
 * The islands of a page, by the name its element carries: the offer cards' (home, search, shop)
 * come with this entry; the offer page's (its photos' slider, its share menu) are loaded only by a
 * page that has an island of theirs, so that the pages of cards do not pay for them.
 */
async function islandsOf(names: string[]): Promise<IslandComponents> {
  if (names.every((name) => name in cardIslands)) return cardIslands;
  const { offerIslands } = await import('./features/products/components/offer-islands');
  return { ...offerIslands, ...cardIslands };
}

/** How far below the screen a part hydrated later brings the whole app (deferred-part.tsx's). */
const NEAR = '300px 0px';
/** How long a signed-in visitor's page runs as islands alone (the first taps) before it runs whole. */
const SIGNED_IN_WHOLE_AFTER_MS = 2_000;

const page = document.getElementById('root')!;
const state = serverState();
const queryClient = createQueryClient();
const language = currentLanguage();
if (state) hydrate(queryClient, state.queries);
// The messages the server used are the page's dictionary; the rest (first part included) comes at
// the first input, or when a message is missing.
const messages = state?.messages;
if (messages) {
  firstPartWithRest();
  keepServerMessagesUntilInput();
}
loadRestOfDictionaryOnInput();
const elements = [...page.querySelectorAll<HTMLElement>('[data-island]')];
// Both at once: the dictionary (a page without its messages: the home page) and the islands.
const [dictionary, ISLANDS] = await Promise.all([
  messages ?? loadDictionary(language),
  islandsOf(elements.map((element) => element.dataset.island ?? '')),
]);
const i18n = createI18n(language, dictionary);
let hydrating = elements.length;

/** Counts the islands that have hydrated; the page is ready once all have. */
function Hydrated() {
  useEffect(() => {
    hydrating -= 1;
    if (hydrating === 0) ready();
  }, []);
  return null;
}

startTransition(() => {
  for (const element of elements) {
    const Part = ISLANDS[element.dataset.island ?? ''] as ComponentType<object> | undefined;
    if (!Part) throw new Error(`islands: no island named ${element.dataset.island}`);
    const island = (props: object) => (
      <StrictMode>
        <Providers i18n={i18n} queryClient={queryClient}>
          <ServerRenderProvider value={state?.server ?? null}>
            <Part {...props} />
            <Hydrated />
          </ServerRenderProvider>
        </Providers>
      </StrictMode>
    );
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    const root = hydrateRoot(element, island(props), {
      onRecoverableError: (error, info) => {
        console.error('Recoverable error while hydrating:', error, info.componentStack ?? '');
        reportError(error, 'recoverable');
      },
    });
    islandRunning(
      element,
      () => root.unmount(),
      (next) => root.render(island(next)),
    );
  }
});
if (!elements.length) ready();

// The shell's "you are offline" (docs/offline.md), at its place, until the whole app shows its own.
// Empty while online: the page's frame is laid out as if it were not there (styles.css).
const notice = document.createElement('div');
notice.className = 'islands-notice';
document.getElementById('main')?.prepend(notice);
const noticeRoot = createRoot(notice);
noticeRoot.render(
  <Providers i18n={i18n} queryClient={queryClient}>
    <OfflineNotice />
  </Providers>,
);

function ready() {
  markReady();
  if (!queryClient.getQueryData(meQuery.queryKey)) return;
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => void start(), { timeout: 2_000 });
    else void start();
  }, SIGNED_IN_WHOLE_AFTER_MS);
}

// The whole app, once, with the islands' query client (what a tap changed is in it); the islands
// keep running inside it (web/components/island.tsx).
let whole: Promise<void> | null = null;
function startWholeApp(): Promise<void> {
  whole ??= import('./app/start').then(async ({ startApp }) => {
    await startApp(state, {
      queryClient,
      beforeHydrate: () => {
        noticeRoot.unmount();
        notice.remove();
      },
    });
    await appRunning;
  });
  return whole;
}

/** An element of the page that no island answers for (the app's). */
function outsideIslands(target: EventTarget | null): target is Element {
  return target instanceof Element && page.contains(target) && !target.closest('[data-island]');
}

/** What a click on `target` acts on: its button or field (an icon's SVG is in its button). */
const ACTIONABLE = 'button, summary, label, input, select, textarea, [role="button"]';
function clickedElement(target: Element): HTMLElement | null {
  let node: Element | null = target.closest(ACTIONABLE) ?? target;
  while (node && !(node instanceof HTMLElement)) node = node.parentElement;
  return node;
}

const INPUTS = ['pointerdown', 'keydown', 'focusin'] as const;
/** A link whose page the browser loads when tapped before the app runs (see onClick). */
const PAGE_LINK = 'a[href][data-page-link]';
/**
 * A still picture of what the app brings in its place (the shop's map): a mouse over it asks for
 * the app. A tap on it is held as any other, and not given again: the app has replaced it by then.
 */
const APP_PLACEHOLDER = '[data-app-placeholder]';
let held: HTMLElement | null = null;

function onInput(event: Event) {
  // A tap on such a link loads its page: the app is not fetched for it.
  if (event.type === 'pointerdown' && (event.target as Element).closest?.(PAGE_LINK)) return;
  if (outsideIslands(event.target)) void start();
}

/** A mouse over a placeholder: the visitor is about to use what it stands for. */
function onHover(event: PointerEvent) {
  if (event.pointerType === 'mouse' && (event.target as Element).closest?.(APP_PLACEHOLDER)) {
    void start();
  }
}

function onClick(event: MouseEvent) {
  if (!outsideIslands(event.target)) return;
  // A click to open elsewhere (a new tab, a window) is the browser's.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
    return;
  }
  // A link in a part the app hydrates from a chunk of its own (the header's bell) is followed by
  // the browser (its page comes from the server's page cache): held and given again, it was not
  // yet the app's, and the click was lost. Other links are the app's (a card opens its modal).
  if (event.target.closest(PAGE_LINK)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = clickedElement(event.target);
  void start();
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** The page's fields a visitor changed before the app ran (a search typed while it loads). */
const typed = new Set<Field>();

function onTyped(event: Event) {
  const field = event.target;
  if (
    outsideIslands(field) &&
    (field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement)
  ) {
    typed.add(field);
    void start();
  }
}

/**
 * Tells the app a value the visitor gave a field before the app hydrated it: React takes the
 * field's value then for its own and would not see it as a change, so the page's state (a
 * controlled input's) would still hold the server's value when the held click submits the form.
 */
function tellApp(field: Field) {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // A box's click is held and given again, as any click.
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return;
  }
  const value = field.value;
  // What React last knew of the field (its setter on the element), then the visitor's value
  // through the browser's own setter, which React does not watch: an input event is a change.
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

async function start() {
  for (const type of INPUTS) removeEventListener(type, onInput, true);
  removeEventListener('pointerover', onHover, true);
  observer?.disconnect();
  await startWholeApp();
  removeEventListener('click', onClick, true);
  removeEventListener('input', onTyped, true);
  removeEventListener('change', onTyped, true);
  for (const field of typed) if (field.isConnected) tellApp(field);
  typed.clear();
  const element = held;
  held = null;
  // Only to an element the app owns then (web/lib/held-click.ts).
  await giveClickAgain(element);
}

for (const type of INPUTS) addEventListener(type, onInput, { capture: true, passive: true });
addEventListener('pointerover', onHover, { capture: true, passive: true });
addEventListener('click', onClick, true);
addEventListener('input', onTyped, { capture: true, passive: true });
addEventListener('change', onTyped, { capture: true, passive: true });

// Back or forward to an address the app had pushed before this page was loaded again: no router
// runs yet to show it, so the browser loads it (the server's page cache answers).
const loaded = location.pathname + location.search;
addEventListener('popstate', () => {
  if (!whole && location.pathname + location.search !== loaded) location.reload();
});

// The parts hydrated later (their panel), the offer page's shop map (the browser draws it), and
// the home page's rows that fetch their offers when they come near. The shop page's map is at the
// top of the page: it would bring the app and Leaflet with every first view of a placed shop
// (211 KiB of scripts against 93); its still picture brings them when tapped or when a mouse
// comes over it (APP_PLACEHOLDER), or the first input does.
const later = [
  ...[...page.querySelectorAll('.deferred-part')].map((part) => part.parentElement ?? part),
  ...page.querySelectorAll('[data-slot="shop-map"], .subcategory-row__placeholder'),
];
const observer =
  later.length && typeof IntersectionObserver !== 'undefined'
    ? new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) void start();
        },
        { rootMargin: NEAR },
      )
    : null;
for (const part of later) observer?.observe(part);
