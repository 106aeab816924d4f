import { render, type RenderOptions } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { I18nProvider } from '../lib/use-translation';
import { MemoryRouter, useLocation } from 'react-router';
import { noticeOf } from '../lib/notice';
import type { Language } from '../../shared/constants';
import { dictionary as ar } from '../locales/ar';
import { dictionary as fr } from '../locales/fr';
import { createI18n } from '../lib/i18n';
import { RouterNavigation } from '../lib/router-navigation';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  language?: Language;
  /** Initial URL of the in-memory router. */
  path?: string;
  queryClient?: QueryClient;
}

/** Renders with the app's providers: the translations of the given language, a QueryClient, a router. */
export function renderWithApp(ui: ReactElement, options: Options = {}) {
  const { language = 'fr', path = '/', queryClient, ...rest } = options;
  const i18n = createI18n(language, language === 'ar' ? ar : fr);
  const client =
    queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <RouterNavigation>{children}</RouterNavigation>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper, ...rest }), i18n, queryClient: client };
}

/** A page's stand-in that shows the notice it was reached with (lib/notice.ts), as the real pages' flash does. */
export function NoticeProbe() {
  const location = useLocation();
  return <p>{noticeOf(location.state)}</p>;
}
