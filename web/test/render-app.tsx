import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { I18nProvider } from '../lib/use-translation';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '../../shared/constants';
import { createI18n } from '../lib/i18n';
import { RouterNavigation } from '../lib/router-navigation';
import type { Me } from '../lib/use-me';
import { dictionary as ar } from '../locales/ar';
import { dictionary as fr } from '../locales/fr';
import { AppRoutes } from '../app/router';

// The whole app in memory for tests: the real routes and shell, a fake server behind fetch.

interface Answer {
  status: number;
  body?: unknown;
}
export type Handler = (body: unknown, init: RequestInit) => Answer | Promise<Answer>;

export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] =
    [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers: init.headers as Record<string, string> });
    const handler = handlers[`${method} ${url}`];
    const answer = handler
      ? await handler(body, init)
      : { status: 404, body: { errors: { global: ['not_found'] } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The current location of the app under test, as the router sees it. */
export interface RouterState {
  state: { location: Location };
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [onLocation, location]);
  return null;
}

export function renderApp(path: string, language: Language = 'fr') {
  const i18n = createI18n(language, language === 'ar' ? ar : fr);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router: RouterState = { state: { location: undefined as unknown as Location } };
  const onLocation = (location: Location) => {
    router.state.location = location;
  };
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe onLocation={onLocation} />
          <RouterNavigation>
            <AppRoutes />
          </RouterNavigation>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}

export function aUser(overrides: Partial<Me> = {}): Me {
  return {
    id: 7,
    first_name: 'Aïcha',
    last_name: 'Ba',
    phone_1: '22000002',
    phone_2: null,
    whatsapp_number: null,
    photo: null,
    photo_url: null,
    photo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    more_infos: null,
    role: 'user',
    created_at: '2026-01-01T00:00:00.000Z',
    phone_verified_at: null,
    email: null,
    language: 'fr',
    sms_alerts: false,
    shops: [
      {
        id: 11,
        name: 'Boutique Aïcha',
        logo: null,
        logo_url: null,
        logo_small_url: null,
        is_professional: false,
        pivot: { role: 'owner' },
      },
    ],
    ...overrides,
  };
}
