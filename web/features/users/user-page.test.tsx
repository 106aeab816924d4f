import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCard } from '../products/components/product-fixtures.test-support';
import { aUser, fakeServer, renderApp } from '../../test/render-app';
import { aPublicUser, aUserShop, setUpUsersTests, userAnswer, viewer } from './test/fixtures';

// The user page: the card of SPEC §2, the user's shops and offers, and account deletion (SPEC §6,
// §7).

const stubs = setUpUsersTests(() => import('./user-page'));

describe('the user page', { timeout: 20_000 }, () => {
  it('shows the card of SPEC §2 to a visitor, without controls', async () => {
    fakeServer({ ...viewer(null), ...userAnswer() });
    renderApp('/users/user/20');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Mohamed Ould Ahmed',
    );
    expect(screen.getByText('Membre depuis le 1 juin 2025')).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'Appeler' }).map((a) => a.getAttribute('href')),
    ).toEqual(['tel:+22222334455', 'tel:+22236112233']);
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!;
    expect(whatsapp.startsWith('https://wa.me/22222334455?text=')).toBe(true);
    expect(new URL(whatsapp).searchParams.get('text')).toContain('Bonjour Mohamed');
    expect(screen.getByText(/Vendeur de pièces auto\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer le compte' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modifier le profil' })).toBeNull();
  });

  it('asks for the numbers on a tap: none in the page before (issue 29 item 2)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...viewer(null),
      ...userAnswer(aPublicUser({ phone_1: null, phone_2: null, whatsapp_number: null })),
      'GET /users/20/phone': () => ({
        status: 200,
        body: {
          phones: {
            phone_1: '22334455',
            phone_2: '36112233',
            whatsapp_number: '22334455',
            second_whatsapp_number: null,
          },
        },
      }),
    });
    renderApp('/users/user/20');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Mohamed Ould Ahmed',
    );
    expect(document.querySelector('a[href^="tel:"], a[href*="wa.me"]')).toBeNull();
    expect(calls.filter((c) => c.url === '/users/20/phone')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Voir le numéro' }));
    const links = await screen.findAllByRole('link', { name: /Appeler/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'tel:+22222334455',
      'tel:+22236112233',
    ]);
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!;
    expect(whatsapp.startsWith('https://wa.me/22222334455?text=')).toBe(true);
    expect(new URL(whatsapp).searchParams.get('text')).toContain('Bonjour Mohamed');
    expect(calls.filter((c) => c.url === '/users/20/phone')).toHaveLength(1);
  });

  it('lists the shops the user owns and the offers of their personal shop', async () => {
    const searched: unknown[] = [];
    fakeServer({
      ...viewer(null),
      ...userAnswer(
        aPublicUser({
          shops: [aUserShop(7, 'Boutique de Mohamed', false), aUserShop(8, 'Auto Pièces', true)],
        }),
      ),
      'POST /products/shop/7/search': (body) => {
        searched.push(body);
        const data = [aCard({ id: 51, name_fr: 'Pneus 4x4' })];
        const page = { current_page: 1, last_page: 1, per_page: 20, total: 1, to: 1, data };
        return { status: 200, body: { products: page } };
      },
    });
    renderApp('/users/user/20');
    const shops = await screen.findByRole('region', { name: 'Ses boutiques' });
    expect(within(shops).getByRole('link', { name: /Auto Pièces/ })).toHaveAttribute(
      'href',
      '/shops/shop/8',
    );
    // The personal shop is not listed as a shop: its offers are the user's own.
    expect(within(shops).queryByText('Boutique de Mohamed')).toBeNull();
    const offers = screen.getByRole('region', { name: 'Les offres de Mohamed' });
    expect(await within(offers).findByText('Pneus 4x4')).toBeInTheDocument();
    expect(searched).toEqual([{ type: 'offer', page: 1 }]);
  });

  it('says so when the user has no offer yet', async () => {
    fakeServer({
      ...viewer(null),
      ...userAnswer(aPublicUser({ shops: [aUserShop(7, 'Boutique de Mohamed', false)] })),
      'POST /products/shop/7/search': () => ({
        status: 200,
        body: {
          products: { current_page: 1, last_page: 1, per_page: 20, total: 0, to: null, data: [] },
        },
      }),
    });
    renderApp('/users/user/20');
    expect(await screen.findByText('Pas encore d’offre')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ses boutiques' })).toBeNull();
  });

  it('gives the user themself edit, my shops, and delete in the account settings (password again)', async () => {
    fakeServer({ ...viewer(aUser({ id: 20 })), ...userAnswer() });
    renderApp('/users/user/20');
    expect(await screen.findByRole('link', { name: 'Modifier le profil' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    expect(screen.getByRole('link', { name: 'Mes boutiques' })).toHaveAttribute(
      'href',
      '/account/shops',
    );
    // Issue 34 item 5: leaving needs the password, asked by the settings' form.
    expect(screen.getByRole('link', { name: 'Supprimer le compte' })).toHaveAttribute(
      'href',
      '/account/profile#delete',
    );
    expect(screen.queryByRole('button', { name: 'Supprimer le compte' })).toBeNull();
  });

  it('gives a site admin the delete button on anyone, not a moderator', async () => {
    fakeServer({ ...viewer(aUser({ id: 1, role: 'admin' })), ...userAnswer() });
    const admin = renderApp('/users/user/20');
    expect(await screen.findByRole('button', { name: 'Supprimer le compte' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier le profil' })).toBeNull();
    admin.unmount();

    fakeServer({ ...viewer(aUser({ id: 2, role: 'moderator' })), ...userAnswer() });
    renderApp('/users/user/20');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Supprimer le compte' })).toBeNull();
  });

  it('lets a site admin delete someone: asks, then loads home', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...viewer(aUser({ id: 1, role: 'admin' })),
      ...userAnswer(),
      'DELETE /users/20': () => ({ status: 204 }),
    });
    renderApp('/users/user/20');
    await user.click(await screen.findByRole('button', { name: 'Supprimer le compte' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(stubs.assign).toHaveBeenCalledWith('/'));
    const deletion = calls.find((c) => c.method === 'DELETE')!;
    expect(deletion.url).toBe('/users/20');
    expect(deletion.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
  });

  it('stays on the page, loader stopped, when the deletion fails', async () => {
    const user = userEvent.setup();
    fakeServer({
      ...viewer(aUser({ id: 1, role: 'admin' })),
      ...userAnswer(),
      'DELETE /users/20': () => ({ status: 500 }),
    });
    renderApp('/users/user/20');
    await user.click(await screen.findByRole('button', { name: 'Supprimer le compte' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur du serveur');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(stubs.assign).not.toHaveBeenCalled();
  });

  it('says so for an unknown user', async () => {
    fakeServer({
      ...viewer(null),
      'GET /users/user/404': () => ({ status: 404, body: { errors: { global: ['not_found'] } } }),
    });
    renderApp('/users/user/404');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Cet utilisateur n’existe pas',
    );
  });
});
