import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, fakeServer, renderApp } from '../../test/render-app';
import { aCategory, aLog, ok, page, staff } from './test/fixtures';
import { setUpAdminPageTests } from './test/admin-page-tests';

setUpAdminPageTests();

const categories = {
  'POST /pcategories/paginate': () =>
    ok({
      pcategories: page([
        aCategory(),
        aCategory({ id: 2, name: 'Pièces rares', order_number: 2 }),
        aCategory({ id: 3, name: 'solar', name_fr: 'Énergie solaire', order_number: 3 }),
      ]),
    }),
};

describe('the admin page: who may open it', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    fakeServer({ 'GET /users/me': () => ok({ user: null }) });
    const { router } = renderApp('/admin');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/login?next=%2Fadmin',
      ),
    );
  });

  it('sends a plain user home, without asking for the catalogue', async () => {
    const { calls } = fakeServer({ 'GET /users/me': () => ok({ user: aUser() }) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.map((call) => call.url)).not.toContain('/pcategories/paginate');
  });

  it.each([
    ['admin', ['Catégories', 'Journaux', 'Modération', 'Audit']],
    // The audit trail is for site admins only (issue 34 item 4).
    ['moderator', ['Catégories', 'Journaux', 'Modération']],
  ] as const)('opens for a site %s, with its tabs', async (role, names) => {
    fakeServer({ ...staff(role), ...categories });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(names);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the categories tab', () => {
  it('shows names translated with their key, as typed otherwise, and an admin label first', async () => {
    fakeServer({ ...staff(), ...categories });
    renderApp('/admin');
    const vehicles = await screen.findByRole('button', { name: 'Véhicules vehicles' });
    expect(vehicles).toHaveTextContent('Véhicules');
    expect(vehicles).toHaveTextContent('vehicles');
    // Not a key of the dictionary: shown as typed, once.
    const typed = screen.getByRole('button', { name: 'Pièces rares' });
    expect(typed.querySelector('.catalog-name__key')).toBeNull();
    // The admin's French label wins, the key stays visible.
    const solar = screen.getByRole('button', { name: 'Énergie solaire solar' });
    expect(solar).toHaveTextContent('solar');
    expect(screen.getByText('3 catégories')).toBeVisible();
  });

  it('in Arabic too', async () => {
    fakeServer({ ...staff(), ...categories });
    renderApp('/admin', 'ar');
    expect(await screen.findByRole('button', { name: 'مركبات vehicles' })).toHaveTextContent(
      'vehicles',
    );
  });

  it('asks for the page of the address and links the other pages', async () => {
    const { calls } = fakeServer({
      ...staff(),
      'POST /pcategories/paginate': (body) =>
        ok({
          pcategories: page(
            [aCategory({ id: 30, name: 'page two' })],
            21,
            (body as { page: number }).page,
          ),
        }),
    });
    renderApp('/admin?page=2');
    expect(await screen.findByRole('button', { name: 'page two' })).toBeVisible();
    expect(calls.find((call) => call.url === '/pcategories/paginate')?.body).toEqual({ page: 2 });
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/admin?page=1');
  });

  it('shows an empty state, and a failed load with a retry', async () => {
    let fail = true;
    fakeServer({
      ...staff(),
      'POST /pcategories/paginate': () =>
        fail ? { status: 500, body: {} } : ok({ pcategories: page([]) }),
    });
    renderApp('/admin');
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Aucune catégorie')).toBeVisible();
  });
});

describe('the logs tab', () => {
  it('lists who, when, and the body as pretty-printed text on request', async () => {
    const { calls } = fakeServer({
      ...staff(),
      'GET /admin/frontends/logs?page=1': () =>
        ok({
          frontendsLogs: page([
            aLog(),
            aLog({ id: 2, user: null, text: '{"message":"<img src=x onerror=alert(1)>"}' }),
          ]),
        }),
    });
    renderApp('/admin?tab=logs');
    const user = userEvent.setup();
    const items = await screen.findAllByRole('listitem');
    const first = items.find((item) => item.classList.contains('log-item'))!;
    expect(within(first).getByRole('link', { name: 'Aïcha Ba' })).toHaveAttribute(
      'href',
      '/users/user/7',
    );
    expect(within(first).getByRole('link', { name: '22000002' })).toHaveAttribute(
      'href',
      'tel:+22222000002',
    );
    expect(within(first).getByText('TypeError: x is undefined')).toBeVisible();
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    expect(first.querySelector('pre')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Afficher le journal' }));
    const pre = first.querySelector('pre')!;
    expect(pre.textContent).toBe(
      JSON.stringify({ message: 'TypeError: x is undefined', stack: 'at f (a.js:1:1)' }, null, 2),
    );
    await user.click(within(first).getByRole('button', { name: 'Masquer le journal' }));
    expect(first.querySelector('pre')).toBeNull();

    // A visitor's log, and markup kept as text.
    const second = screen.getByText('<img src=x onerror=alert(1)>').closest('li')!;
    expect(within(second).getByText('Visiteur')).toBeVisible();
    expect(document.querySelector('img[src=x]')).toBeNull();
    expect(calls.some((call) => call.url === '/pcategories/paginate')).toBe(false);
  });

  it('switches tabs with the keyboard (arrows mirrored in Arabic)', async () => {
    fakeServer({
      ...staff(),
      ...categories,
      'GET /admin/frontends/logs?page=1': () => ok({ frontendsLogs: page([]) }),
    });
    const { router } = renderApp('/admin', 'ar');
    const user = userEvent.setup();
    const first = (await screen.findAllByRole('tab'))[0];
    first.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=logs'));
    expect(screen.getAllByRole('tab')[1]).toHaveFocus();
    expect(await screen.findByText('لا توجد سجلات')).toBeVisible();
  });
});
