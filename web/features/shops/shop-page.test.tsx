import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';
import { aCard, aPage, aShop, anEmployee } from './test-fixtures';

// Leaflet is not for jsdom: the map is checked end to end (e2e/shops.spec.ts).
vi.mock('../../components/shop-map', () => ({
  ShopMap: ({ shop }: { shop: { latitude: number | null } }) =>
    shop.latitude === null ? null : <div data-testid="shop-map" />,
}));

// Pages load lazily, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const signedInAs = (id: number, role: 'user' | 'admin' = 'user'): Record<string, Handler> => ({
  'GET /users/me': () => ({ status: 200, body: { user: aUser({ id, role }) } }),
});
const anonymous: Record<string, Handler> = {
  'GET /users/me': () => ({ status: 200, body: { user: null } }),
};

function shopServer(shop = aShop(), more: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /shops/shop/11': () => ({ status: 200, body: { shop } }),
    'POST /products/shop/11/search': (body) => {
      const { type, page } = body as { type: string; page: number };
      if (type === 'demand') return { status: 200, body: { products: aPage([]) } };
      return {
        status: 200,
        body: { products: aPage([aCard(page * 100, `Offre page ${page}`)], page, 2) },
      };
    },
    ...anonymous,
    ...more,
  });
}

describe('the shop page', () => {
  it('shows the header of SPEC §2: name, category, contact links, map, updated date', async () => {
    shopServer();
    renderApp('/shops/shop/11');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Garage Ennour');
    expect(screen.getByText('Boutique professionnelle')).toBeInTheDocument();
    expect(screen.getByText('Véhicules')).toBeInTheDocument();
    // SPEC §9: a professional shop shows its updated date.
    expect(screen.getByText(/Mise à jour le 5 mars 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
      'href',
      'tel:+22222456789',
    );
    const whatsapp = screen.getAllByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.map((a) => a.getAttribute('href')?.split('?')[0])).toEqual([
      'https://wa.me/22222456789',
      'https://wa.me/22236000001',
    ]);
    const text = new URL(whatsapp[0].getAttribute('href')!).searchParams.get('text');
    expect(text).toContain('«\u00a0Garage Ennour\u00a0»');
    expect(text).toContain('/shops/shop/11');
    expect(screen.getByRole('link', { name: 'garage@example.mr' })).toHaveAttribute(
      'href',
      'mailto:garage@example.mr',
    );
    expect(screen.getByTestId('shop-map')).toBeInTheDocument();
  });

  it('asks for the numbers on a tap: none in the page before (issue 29 item 2)', async () => {
    const user = userEvent.setup();
    const { calls } = shopServer(
      aShop({
        phone_1: null,
        phone_2: null,
        first_whatsapp_number: null,
        second_whatsapp_number: null,
        has_phone: true,
      }),
      {
        'GET /shops/11/phone': () => ({
          status: 200,
          body: {
            phones: {
              phone_1: '22456789',
              phone_2: null,
              whatsapp_number: '22456789',
              second_whatsapp_number: '36000001',
            },
          },
        }),
      },
    );
    renderApp('/shops/shop/11');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Garage Ennour');
    expect(document.querySelector('a[href^="tel:"], a[href*="wa.me"]')).toBeNull();
    expect(screen.queryByText(/22 45 67 89/)).toBeNull();
    // The e-mail stays in the page.
    expect(screen.getByRole('link', { name: 'garage@example.mr' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir le numéro' }));
    expect(await screen.findByRole('link', { name: /Appeler/ })).toHaveAttribute(
      'href',
      'tel:+22222456789',
    );
    const whatsapp = screen.getAllByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.map((a) => a.getAttribute('href')?.split('?')[0])).toEqual([
      'https://wa.me/22222456789',
      'https://wa.me/22236000001',
    ]);
    expect(new URL(whatsapp[0].getAttribute('href')!).searchParams.get('text')).toContain(
      'Garage Ennour',
    );
    expect(calls.filter((c) => c.url === '/shops/11/phone')).toHaveLength(1);
  });

  it('shows no call button for a shop without a number', async () => {
    shopServer(
      aShop({
        phone_1: null,
        phone_2: null,
        first_whatsapp_number: null,
        second_whatsapp_number: null,
        has_phone: false,
      }),
    );
    renderApp('/shops/shop/11');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Garage Ennour');
    expect(screen.queryByRole('button', { name: 'Voir le numéro' })).toBeNull();
  });

  it('shows the created date of a shop that is not professional, and no map without a place', async () => {
    shopServer(aShop({ is_professional: false, latitude: null, longitude: null }));
    renderApp('/shops/shop/11');
    expect(await screen.findByText(/Créée le 10 janvier 2025/)).toBeInTheDocument();
    expect(screen.getByText('Boutique personnelle')).toBeInTheDocument();
    expect(screen.queryByTestId('shop-map')).toBeNull();
  });

  it('lists its offers a page at a time, and its demands with an empty state', async () => {
    const user = userEvent.setup();
    const { calls } = shopServer();
    const { router } = renderApp('/shops/shop/11');
    expect(await screen.findByText('Offre page 1')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/products/shop/11/search')!.body).toEqual({
      type: 'offer',
      page: 1,
    });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('Offre page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Vous avez tout vu')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /^Demandes/ }));
    expect(await screen.findByText('Cette boutique n’a pas encore de demande')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=demands');
  });

  it('lists the staff with their roles for anyone, with no control for a visitor', async () => {
    shopServer();
    renderApp('/shops/shop/11?tab=employees');
    // The employees tab's code comes when the tab is shown.
    await screen.findByText(/Propriétaire/);
    const items = await screen.findAllByRole('listitem');
    const staff = items.filter((item) => item.classList.contains('staff-list__item'));
    expect(staff.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Propriétaire'),
      expect.stringContaining('Employé'),
    ]);
    expect(screen.queryByRole('button', { name: 'Ajouter un employé' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modifier la boutique' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer la boutique' })).toBeNull();
  });

  it('gives the owner edit and delete; delete asks first, then goes home', async () => {
    const user = userEvent.setup();
    const { calls } = shopServer(aShop(), {
      ...signedInAs(7),
      'DELETE /shops/11': () => ({ status: 204 }),
    });
    const { router } = renderApp('/shops/shop/11');
    expect(await screen.findByRole('link', { name: 'Modifier la boutique' })).toHaveAttribute(
      'href',
      '/shops/edit/11',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer la boutique' }));
    // The confirmation's code comes when it first opens.
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('seront supprimées définitivement');
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer la boutique' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/shops/11']);
  });

  it('gives a shop admin edit but not delete', async () => {
    shopServer(aShop({ employees: [anEmployee(7, 'admin'), anEmployee(9, 'owner')] }), {
      ...signedInAs(7),
    });
    renderApp('/shops/shop/11');
    expect(await screen.findByRole('link', { name: 'Modifier la boutique' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer la boutique' })).toBeNull();
  });

  it('lets a site admin edit and delete a shop they are not on', async () => {
    shopServer(aShop(), signedInAs(1, 'admin'));
    renderApp('/shops/shop/11');
    expect(await screen.findByRole('link', { name: 'Modifier la boutique' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer la boutique' })).toBeInTheDocument();
  });

  it('shows why a delete was refused (the personal shop)', async () => {
    const user = userEvent.setup();
    shopServer(aShop({ is_professional: false }), {
      ...signedInAs(7),
      'DELETE /shops/11': () => ({ status: 422, body: { errors: { global: ['personal_shop'] } } }),
    });
    const { router } = renderApp('/shops/shop/11');
    await user.click(await screen.findByRole('button', { name: 'Supprimer la boutique' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Une boutique personnelle ne peut être ni supprimée/,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/shops/shop/11');
  });

  it('says so for an unknown shop', async () => {
    fakeServer({
      ...anonymous,
      'GET /shops/shop/404': () => ({ status: 404, body: { errors: { global: ['not_found'] } } }),
    });
    renderApp('/shops/shop/404');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Cette boutique n’existe pas',
    );
  });

  it('is in Arabic on an Arabic page', async () => {
    shopServer();
    renderApp('/shops/shop/11', 'ar');
    expect(await screen.findByText('متجر احترافي')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اتصال' })).toBeInTheDocument();
    expect(screen.getByText('مركبات')).toBeInTheDocument();
  });

  it('opened from a rating notification, shows the reviews and marks it read (issue 32)', async () => {
    const { calls } = shopServer(aShop(), {
      ...signedInAs(3),
      'GET /shops/11/ratings?page=1': () => ({ status: 200, body: { ratings: aPage([]) } }),
      'GET /notifications/notification/markasread/31': () => ({ status: 200, body: {} }),
    });
    renderApp('/shops/shop/11?tab=reviews&notification=31');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Garage Ennour');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/notifications/notification/markasread/31'),
      ).toHaveLength(1),
    );
    expect(calls.some((c) => c.url === '/shops/11/ratings?page=1')).toBe(true);
  });
});
