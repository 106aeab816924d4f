import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { BrowserRouter, StaticRouter } from 'react-router';
import { HttpError } from '../lib/http';
import { ServerRenderProvider, type ServerRender } from '../lib/render-seed';
import { OfferSlotsProvider } from '../features/products/components/offer-slots';
import { offerSlots } from './offer-slots';
import { AppRoutes } from './router';

/** A 4xx will not get better by asking again; a network hiccup might. */
const isClientError = (error: unknown) =>
  error instanceof HttpError && error.status >= 400 && error.status < 500;

export function createQueryClient({ server = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !server && failures < 2 && !isClientError(error),
        // A page the server rendered as "not found" stays so while it hydrates (no refetch that
        // would flash a loader over it).
        retryOnMount: (query) => !isClientError(query.state.error),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The whole web app. In the browser it follows the address bar; on the server (`location`) it
 * renders the one address asked for. `server` (its seed and clock) makes the first render's random
 * choices and times (the order of an offer's images, "5 minutes ago") the same on the server and
 * in the browser that hydrates it.
 */
export function App({
  i18n,
  queryClient,
  location,
  server = null,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  location?: string;
  server?: ServerRender | null;
}) {
  const routes = (
    <OfferSlotsProvider value={offerSlots}>
      <AppRoutes />
    </OfferSlotsProvider>
  );
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <ServerRenderProvider value={server}>
        {location === undefined ? (
          <BrowserRouter>{routes}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{routes}</StaticRouter>
        )}
      </ServerRenderProvider>
    </Providers>
  );
}
