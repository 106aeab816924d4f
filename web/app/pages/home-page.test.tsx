import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopSummary } from '../../../shared/schemas/shops';
import { catalogHandlers, pageOf } from '../../features/search/test-support';
import { fakeServer, renderApp } from '../../test/render-app';

// Pages load their code on first visit; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  // Nothing comes into view: the categories tab asks for no row.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function aShop(id: number, overrides: Partial<ShopSummary> = {}): ShopSummary {
  return {
    id,
    name: `Boutique ${id}`,
    logo: null,
    logo_url: null,
    logo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    description: null,
    phone_1: '22334455',
    phone_2: null,
    first_whatsapp_number: null,
    second_whatsapp_number: null,
    has_phone: true,
    email: null,
    more_infos: null,
    is_professional: false,
    latitude: null,
    longitude: null,
    pcategory_id: null,
    pcategory: null,
    offers_count: 3,
    demands_count: 0,
    rating_average: null,
    rating_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const anonymous = { 'GET /users/me': () => ({ status: 200, body: { user: null } }) };

describe('the products home', { timeout: 15_000 }, () => {
  it('keeps a compact welcome with the search box, then the tabs, categories first', async () => {
    const { calls } = fakeServer({ ...anonymous, ...catalogHandlers });
    renderApp('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Vendez, achetez et louez partout en Mauritanie' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Parcourir les annonces' });
    expect(within(tabs).getByRole('link', { name: 'Catégories' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Boutiques' })).toHaveAttribute(
      'href',
      '/?tab=shops',
    );
    expect(await screen.findByRole('link', { name: 'Véhicules' })).toHaveAttribute(
      'href',
      '/categories/1',
    );
    // The catalogue, and nothing below the screen.
    expect(calls.map((c) => c.url).filter((u) => u !== '/users/me')).toEqual(['/pcategories/all']);
  });

  it('the shops tab lives in the URL and lists shops, professional ones apart', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      'GET /shops/paginate/all/0?page=2': () => ({
        status: 200,
        body: {
          shops: pageOf(
            [
              aShop(1, {
                name: 'Garage Ennour Auto',
                is_professional: true,
                offers_count: 13,
                pcategory: { id: 1, name: 'vehicles' },
              }),
              aShop(2, { name: 'سيدي ولد محمد', offers_count: 1, demands_count: 2 }),
            ],
            2,
            25,
          ),
        },
      }),
    });
    renderApp('/?tab=shops&page=2');
    const pro = await screen.findByRole(
      'region',
      { name: 'Boutiques professionnelles' },
      { timeout: 5000 },
    );
    const card = within(pro).getByRole('link', { name: /Garage Ennour Auto/ });
    expect(card).toHaveAttribute('href', '/shops/shop/1');
    expect(card).toHaveTextContent('Pro');
    expect(card).toHaveTextContent('Véhicules');
    expect(card).toHaveTextContent('13 offres');
    const others = screen.getByRole('region', { name: 'Boutiques de particuliers' });
    expect(within(others).getByRole('link', { name: /سيدي ولد محمد/ })).toHaveTextContent(
      '1 offre2 demandes',
    );
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/?tab=shops');
    expect(calls.some((c) => c.url === '/pcategories/all')).toBe(false);
  });

  it('the search tab opens the panel; its search opens /search', async () => {
    fakeServer({ ...anonymous, ...catalogHandlers });
    const { router } = renderApp('/?tab=search');
    const user = userEvent.setup();
    const panel = await screen.findByRole('searchbox', { name: 'Mots-clés' }, { timeout: 5000 });
    await user.type(panel, 'hilux');
    const form = panel.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/search?name=hilux',
      ),
    );
  });
});
