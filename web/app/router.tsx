import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
import { routes } from './routes';

// Declarative routes (BrowserRouter + useRoutes): the data router's loaders and actions are not
// used (TanStack Query fetches), and leaving them out keeps ~17 KiB gzipped off every first load.

export const appRoutes: RouteObject[] = [{ element: <Shell />, children: routes }];

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** Start fetching the code of the page at this address (at start-up, before the first render). */
export function preloadPage(pathname: string) {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.();
  }
}
