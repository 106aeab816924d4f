import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp } from '../test/render-app';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const anonymous = { 'GET /users/me': () => ({ status: 200, body: { user: null } }) };
const signedIn = (overrides = {}) => ({
  'GET /users/me': () => ({ status: 200, body: { user: aUser(overrides) } }),
});

async function openUserMenu() {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Menu du compte' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  // The panel's code is loaded on first opening.
  await waitFor(() => expect(document.querySelector('.user-menu__list')).not.toBeNull());
  return { user, button };
}

describe('the shell', () => {
  it('shows the main destinations in the header and the bottom bar', async () => {
    fakeServer(anonymous);
    renderApp('/');
    const navs = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
      expect(within(nav).getByRole('link', { name: 'Marché' })).toHaveAttribute('href', '/market');
      expect(within(nav).getByRole('link', { name: 'Recherche' })).toHaveAttribute(
        'href',
        '/search',
      );
      expect(within(nav).getByRole('link', { name: 'Sauvegardés' })).toHaveAttribute(
        'href',
        '/saved',
      );
    }
  });

  it('offers the other language as a plain link to /localisation', async () => {
    fakeServer(anonymous);
    const { unmount } = renderApp('/', 'fr');
    const link = await screen.findByRole('link', { name: 'العربية' });
    expect(link).toHaveAttribute('href', '/localisation/ar');
    // The server sends the visitor back to the Referer; the site's policy would drop it.
    expect(link).toHaveAttribute('referrerpolicy', 'same-origin');
    unmount();
    renderApp('/', 'ar');
    expect(await screen.findByRole('link', { name: 'Français' })).toHaveAttribute(
      'href',
      '/localisation/fr',
    );
  });

  it("changes a signed-in user's stored language with a POST, then reloads", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { calls } = fakeServer({
      ...signedIn(),
      'POST /localisation/ar': () => ({ status: 200, body: { language: 'ar' } }),
    });
    renderApp('/', 'fr');
    const link = await screen.findByRole('link', { name: 'العربية' });
    // The user is known once /users/me has answered.
    await waitFor(() => expect(calls.some((c) => c.url === '/users/me')).toBe(true));
    await screen.findByRole('button', { name: 'Menu du compte' });
    await userEvent.setup().click(link);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    const post = calls.find((c) => c.url === '/localisation/ar')!;
    expect(post.method).toBe('POST');
    expect(post.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
  });

  it('offers sign in and sign up to a visitor, and no bell', async () => {
    fakeServer(anonymous);
    renderApp('/');
    await openUserMenu();
    const menu = document.querySelector('.user-menu__panel') as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(menu).getByRole('link', { name: 'S’inscrire' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('asks to come back to the current page after signing in', async () => {
    fakeServer(anonymous);
    renderApp('/market?page=2');
    await openUserMenu();
    const menu = document.querySelector('.user-menu__panel') as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login?next=%2Fmarket%3Fpage%3D2',
    );
  });

  it('gives a signed-in user the bell, profile, shops, password and sign out, but no admin', async () => {
    fakeServer(signedIn());
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications/home',
    );
    await openUserMenu();
    const menu = document.querySelector('.user-menu__panel') as HTMLElement;
    expect(within(menu).getByText('Aïcha Ba')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Mon profil' })).toHaveAttribute(
      'href',
      '/users/user/7',
    );
    expect(within(menu).getByRole('link', { name: 'Modifier mon profil' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    expect(within(menu).getByText('Mes boutiques')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Gérer mes boutiques' })).toHaveAttribute(
      'href',
      '/account/shops',
    );
    expect(within(menu).getByRole('link', { name: 'Boutique Aïcha' })).toHaveAttribute(
      'href',
      '/shops/shop/11',
    );
    expect(within(menu).getByRole('link', { name: 'Changer le mot de passe' })).toHaveAttribute(
      'href',
      '/account/password',
    );
    expect(within(menu).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'moderator'])('shows the admin link to a site %s', async (role) => {
    fakeServer(signedIn({ role }));
    renderApp('/');
    await openUserMenu();
    expect(screen.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('closes the menu on Escape and on navigation', async () => {
    fakeServer(signedIn());
    renderApp('/');
    const { user, button } = await openUserMenu();
    await user.keyboard('{Escape}');
    expect(document.querySelector('.user-menu__panel')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(await screen.findByRole('link', { name: 'Changer le mot de passe' }));
    await screen.findByRole('heading', { name: 'Changer de mot de passe' });
    expect(document.querySelector('.user-menu__panel')).toBeNull();
  });

  it('signs out with POST /logout, then loads the home page anew', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: aUser() } }),
      'POST /logout': () => ({ status: 204 }),
    });
    renderApp('/account/password');
    await screen.findByRole('heading', { name: 'Changer de mot de passe' });
    const { user } = await openUserMenu();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const logout = calls.find((c) => c.url === '/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
    expect(logout.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('stays signed in, menu open, when signing out fails', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: aUser() } }),
      'POST /logout': () => ({ status: 500 }),
    });
    renderApp('/');
    const { user } = await openUserMenu();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeEnabled(),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the not-found page for an unknown address', async () => {
    fakeServer(anonymous);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page in Arabic', async () => {
    fakeServer(anonymous);
    renderApp('/nowhere', 'ar');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
  });

  it('welcomes visitors on the home page with a search that leads to /search', async () => {
    fakeServer(anonymous);
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', {
      level: 1,
      name: 'Vendez, achetez et louez partout en Mauritanie',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher sur le marché' }), 'Toyota');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    // The search page's code loads first: the address changes once it is there.
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/search?name=Toyota',
      ),
    );
  });
});
