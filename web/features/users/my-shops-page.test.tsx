import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, fakeServer, renderApp } from '../../test/render-app';
import { setUpUsersTests, viewer } from './test/fixtures';

// 'My shops': the user's shops with their role, and the invitations to join one.

setUpUsersTests(() => import('./my-shops-page'));

describe('my shops', { timeout: 20_000 }, () => {
  it("lists the user's shops with their role, edit where allowed, and a link to create one", async () => {
    fakeServer(
      viewer(
        aUser({
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
            {
              id: 12,
              name: 'Garage Ennour',
              logo: null,
              logo_url: null,
              logo_small_url: '/media/x-small.webp',
              is_professional: true,
              pivot: { role: 'employee' },
            },
          ],
        }),
      ),
    );
    renderApp('/account/shops');
    const items = await screen.findAllByRole('listitem');
    const shops = items.filter((item) => item.classList.contains('my-shops__item'));
    expect(shops).toHaveLength(2);
    expect(within(shops[0]).getByText('Propriétaire')).toBeInTheDocument();
    expect(
      within(shops[0]).getByRole('link', { name: 'Modifier «\u00a0Boutique Aïcha\u00a0»' }),
    ).toHaveAttribute('href', '/shops/edit/11');
    expect(within(shops[1]).getByText('Employé')).toBeInTheDocument();
    expect(within(shops[1]).queryByRole('link', { name: /Modifier/ })).toBeNull();
    expect(within(shops[1]).getByRole('link', { name: 'Garage Ennour' })).toHaveAttribute(
      'href',
      '/shops/shop/12',
    );
    expect(screen.getByRole('link', { name: 'Créer une boutique' })).toHaveAttribute(
      'href',
      '/shops/new',
    );
  });

  it('shows the invitations to join a shop, with accept and decline', async () => {
    const user = userEvent.setup();
    let invitations = [
      {
        id: 5,
        role: 'moderator',
        created_at: '2026-11-25T10:00:00.000Z',
        shop: { id: 12, name: 'Garage Ennour', logo: null, logo_url: null, logo_small_url: null },
      },
      {
        id: 6,
        role: 'employee',
        created_at: '2026-11-25T09:00:00.000Z',
        shop: { id: 13, name: 'Pharmacie', logo: null, logo_url: null, logo_small_url: null },
      },
    ];
    const { calls } = fakeServer({
      ...viewer(aUser({ id: 20 })),
      'GET /shops/invitations': () => ({ status: 200, body: { invitations } }),
      'POST /shops/12/invitation/accept': () => {
        invitations = invitations.filter((i) => i.shop.id !== 12);
        return { status: 204 };
      },
      'POST /shops/13/invitation/decline': () => {
        invitations = invitations.filter((i) => i.shop.id !== 13);
        return { status: 204 };
      },
    });
    renderApp('/account/shops');
    const section = await screen.findByRole('region', {
      name: 'Invitations à rejoindre une équipe',
    });
    expect(within(section).getByText('Vous êtes invité comme Modérateur')).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', {
        name: 'Accepter l’invitation de «\u00a0Garage Ennour\u00a0»',
      }),
    );
    await waitFor(() => expect(within(section).queryByText('Garage Ennour')).toBeNull());
    await user.click(
      within(section).getByRole('button', {
        name: 'Refuser l’invitation de «\u00a0Pharmacie\u00a0»',
      }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Invitations à rejoindre une équipe' }),
      ).toBeNull(),
    );
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual(['/shops/12/invitation/accept', '/shops/13/invitation/decline']);
  }, 20_000);
});
