import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '../lib/i18n';
import { BrowserRouter, StaticRouter } from 'react-router';
import { ServerRenderProvider, type ServerRender } from '../lib/render-seed';
import { RouterNavigation } from '../lib/router-navigation';
import { OfferSlotsProvider } from '../features/products/components/offer-slots';
import { offerSlots } from './offer-slots';
import { AppRoutes } from './router';
import { Providers } from './providers';

export { createQueryClient, Providers } from './providers';

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
    <RouterNavigation>
      <OfferSlotsProvider value={offerSlots}>
        <AppRoutes />
      </OfferSlotsProvider>
    </RouterNavigation>
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
