import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { HttpError } from '../lib/http';

// What every part of the app runs inside, without the router: the whole app (./app.tsx) and each
// island of a first view (web/islands.tsx) alike.

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
