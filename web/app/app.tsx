import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { HttpError } from '../lib/http';
import { OfferSlotsProvider } from '../features/products/components/offer-slots';
import { offerSlots } from './offer-slots';
import { AppRoutes } from './router';

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

export function Providers({
  i18n,
  queryClient,
  children,
}: {
  i18n: i18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

export function App({ i18n, queryClient }: { i18n: i18n; queryClient: QueryClient }) {
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <BrowserRouter>
        <OfferSlotsProvider value={offerSlots}>
          <AppRoutes />
        </OfferSlotsProvider>
      </BrowserRouter>
    </Providers>
  );
}
