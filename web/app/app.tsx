import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { createRouter } from './router';
import { HttpError } from '../lib/http';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; a network hiccup might.
        retry: (failures, error) =>
          failures < 2 &&
          !(error instanceof HttpError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

interface AppProps {
  i18n: i18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}

export function App({ i18n, queryClient, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
