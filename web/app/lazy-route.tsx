import { createElement, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { afterDictionary } from '../lib/i18n';
import type { PrefetchContext } from '../lib/prefetch';
import { trackPageLoad } from './layout/page-loading';

/**
 * A page module: its page is its `Component` export. `prefetch` (optional) fills the query cache
 * with what the page shows first, using the page's own query options, so that the server renders
 * the page with its content and the browser, handed that cache, fetches none of it again.
 */
export type PageModule = {
  Component: ComponentType;
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
};
export type PageLoader = () => Promise<PageModule>;

/** What a page's route carries (`handle`): its module's file, for the server to link its CSS. */
export interface PageHandle {
  /** The page's source file, relative to web/ (the build manifest's key). */
  module: string;
  /**
   * The page's code, after the whole dictionary when the page needs it (`wholeDictionary`), unless
   * `withDictionary` is false: a page the server rendered comes with the messages it shows
   * (ServerState.messages).
   */
  load: (options?: { withDictionary?: boolean }) => Promise<PageModule>;
  /** It needs the whole dictionary (every page but the first view's) unless the server rendered it. */
  wholeDictionary: boolean;
}

/**
 * A route whose page is loaded on first visit (its own chunk). Once loaded (`handle.load`, which
 * the start-up code calls for the first page, and the server for every page it renders), the page
 * renders at once, without suspending: the browser hydrates the server's HTML as it is.
 */
export function lazyRoute(
  route: Pick<RouteObject, 'path' | 'index'>,
  module: string,
  loader: PageLoader,
  wholeDictionary = false,
): RouteObject {
  let loaded: ComponentType | undefined;
  const load = ({ withDictionary = wholeDictionary } = {}) =>
    (withDictionary ? afterDictionary(loader()) : loader()).then((page) => {
      loaded = page.Component;
      return page;
    });
  const Lazy = lazy(() => trackPageLoad(load().then((page) => ({ default: page.Component }))));
  function Page() {
    return loaded ? createElement(loaded) : <Lazy />;
  }
  const handle: PageHandle = { module, load, wholeDictionary };
  return { ...route, element: <Page />, handle } as RouteObject;
}
