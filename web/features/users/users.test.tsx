import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '../../../shared/schemas/users';
import { aCard } from '../products/components/product-fixtures.test-support';
import { FakeXhr } from '../../test/fake-xhr';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';

// The user card (SPEC §2), account deletion (SPEC §6, §7), profile edit and 'my shops'.

// Pages load lazily, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

function aPublicUser(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 20,
    first_name: 'Mohamed',
    last_name: 'Ould Ahmed',
    phone_1: '22334455',
    phone_2: '36112233',
    whatsapp_number: '22334455',
    photo: null,
    photo_url: null,
    photo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    more_infos: 'Vendeur de pièces auto.\nOuvert le samedi.',
    role: 'user',
    created_at: '2025-06-01T12:00:00.000Z',
    shops: [],
    phone_verified_at: null,
    rating_average: null,
    rating_count: 0,
    ...overrides,
  };
}

const aUserShop = (id: number, name: string, is_professional: boolean) => ({
  id,
  name,
  logo: null,
  logo_url: null,
  logo_small_url: null,
  is_professional,
  pivot: { role: 'owner' as const },
});

const viewer = (user: ReturnType<typeof aUser> | null): Record<string, Handler> => ({
  'GET /users/me': () => ({ status: 200, body: { user } }),
});
const userAnswer = (user = aPublicUser()): Record<string, Handler> => ({
  [`GET /users/user/${user.id}`]: () => ({ status: 200, body: { user } }),
});

describe('the user page', () => {
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
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
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
    expect(assign).not.toHaveBeenCalled();
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

describe('the profile form', () => {
  const me = aUser({ id: 20, phone_2: null, more_infos: 'Bonjour' });

  it('comes filled in, checks in the browser first, and shows server errors under fields', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({
        status: 422,
        body: { errors: { phone_1: ['phone_taken'], email: ['email_taken'] } },
      }),
    });
    renderApp('/account/profile');
    expect(await screen.findByLabelText('Prénom')).toHaveValue('Aïcha');
    expect(screen.getByLabelText(/^Informations complémentaires/)).toHaveValue('Bonjour');
    await user.clear(screen.getByLabelText('Prénom'));
    await user.type(screen.getByLabelText(/^Numéro de téléphone secondaire/), '12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(screen.getByLabelText(/^Numéro de téléphone secondaire/)).toHaveAccessibleDescription(
      /Numéro de téléphone incorrect/,
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('Prénom'), 'Aïcha');
    await user.clear(screen.getByLabelText(/^Numéro de téléphone secondaire/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce numéro de téléphone est déjà utilisé')).toBeInTheDocument();
    expect(screen.getByText('Cette adresse e-mail est déjà utilisée')).toBeInTheDocument();
  });

  it('sends the fields and the photo, then shows the card', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { calls } = fakeServer({
      ...viewer(me),
      ...userAnswer(aPublicUser({ id: 20 })),
      'PUT /users/20': () => ({ status: 200, body: { user: { ...me, last_name: 'Mint Sidi' } } }),
    });
    const { router } = renderApp('/account/profile');
    await user.clear(await screen.findByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Mint Sidi');
    await user.upload(
      screen.getByLabelText(/^Photo/),
      new File([new Uint8Array([1, 2, 3])], 'me.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user/20'));
    const sent = Object.fromEntries([...(calls.find((c) => c.method === 'PUT')!.body as FormData)]);
    expect(sent).toMatchObject({
      first_name: 'Aïcha',
      last_name: 'Mint Sidi',
      phone_1: '22000002',
      language: 'fr',
      more_infos: 'Bonjour',
    });
    expect(sent.photo).toBeInstanceOf(File);
    expect(sent).not.toHaveProperty('cover');
    expect(assign).not.toHaveBeenCalled();
  });

  it('loads the whole app anew when the language changes', async () => {
    const user = userEvent.setup();
    fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({ status: 200, body: { user: { ...me, language: 'ar' } } }),
    });
    renderApp('/account/profile');
    await user.selectOptions(await screen.findByLabelText('Langue'), 'ar');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/users/user/20'));
  });
});

describe('my shops', () => {
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
