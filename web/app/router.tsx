import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
import type { PageHandle } from './lazy-route';
import { routes } from './routes';

// Declarative routes (BrowserRouter + useRoutes; StaticRouter on the server): the data router's
// loaders and actions are not used (TanStack Query fetches; a page's `prefetch` fills the cache
// for server rendering), and leaving them out keeps ~17 KiB gzipped off every first load.

export const appRoutes: RouteObject[] = [{ element: <Shell />, children: routes }];

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The page at this address: its route's handle and the address's parameters. */
export function matchPage(pathname: string) {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  const last = matches[matches.length - 1];
  const handle = last?.route.handle as PageHandle | undefined;
  return handle ? { handle, params: last.params, notFound: last.route.path === '*' } : null;
}

/**
 * Fetch the code of the page at this address (at start-up, before the first render);
 * `withDictionary: false` for a page the server rendered with its messages.
 */
export function preloadPage(pathname: string, options?: { withDictionary?: boolean }) {
  return matchPage(pathname)?.handle.load(options);
}
