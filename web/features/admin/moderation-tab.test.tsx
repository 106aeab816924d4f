import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationItem, ModerationLogEntry } from '../../../shared/schemas/trust';
import { fakeServer, renderApp } from '../../test/render-app';
import { ok, page, staff } from './test/fixtures';
import { setUpAdminPageTests } from './test/admin-page-tests';

// Issue 19: the admin page's moderation tab (queue, actions, bans, audit log), against a fake
// server answering the shapes of shared/schemas/trust.ts.

setUpAdminPageTests();

const person = (id: number, first_name: string, last_name: string) => ({
  id,
  first_name,
  last_name,
  created_at: '2026-01-01T10:00:00.000Z',
  banned: false,
});

const anItem = (overrides: Partial<ModerationItem> = {}): ModerationItem => ({
  type: 'product',
  id: 42,
  product_id: 42,
  title: 'iPhone 15 neuf à 5000 MRU',
  text: 'Payez d’abord par virement',
  moderation_status: 'review',
  pending: true,
  flag: null,
  reports_count: 3,
  last_event_at: '2026-03-01T10:00:00.000Z',
  author: person(9, 'Sidi', 'Vendeur'),
  reports: [
    {
      reason: 'scam',
      text: 'Il demande un virement avant de montrer le téléphone',
      status: 'open',
      created_at: '2026-03-01T09:00:00.000Z',
      reporter: person(3, 'Aïcha', 'Ba'),
    },
    {
      reason: 'duplicate',
      text: null,
      status: 'open',
      created_at: '2026-03-01T09:30:00.000Z',
      reporter: person(4, 'Moussa', 'Diallo'),
    },
  ],
  ...overrides,
});

const anEntry = (overrides: Partial<ModerationLogEntry> = {}): ModerationLogEntry => ({
  id: 1,
  action: 'ban',
  target_type: 'user',
  target_id: 9,
  note: 'Arnaques répétées',
  created_at: '2026-03-01T11:00:00.000Z',
  actor: { id: 1, first_name: 'Mariem', last_name: 'Admin' },
  ...overrides,
});

const queue = (items: ModerationItem[] = [anItem()]) => ({
  'GET /admin/moderation?page=1&status=open&sort=newest': () => ok({ items: page(items) }),
});

describe('the moderation tab', () => {
  it('lists an item with its type, link, author and reports', async () => {
    fakeServer({ ...staff('moderator'), ...queue() });
    renderApp('/admin?tab=moderation');
    const item = (await screen.findByText('iPhone 15 neuf à 5000 MRU')).closest('li')!;
    expect(within(item).getByText('Annonce')).toBeVisible();
    expect(within(item).getByText('En cours de vérification')).toBeVisible();
    expect(within(item).getByText('Signalements : 3')).toBeVisible();
    expect(within(item).getByRole('link', { name: 'Ouvrir' })).toHaveAttribute(
      'href',
      '/products/product/42',
    );
    expect(within(item).getByRole('link', { name: 'Sidi Vendeur' })).toHaveAttribute(
      'href',
      '/users/user/9',
    );
    const reports = within(within(item).getByRole('list', { name: 'Signalements' })).getAllByRole(
      'listitem',
    );
    expect(reports).toHaveLength(2);
    expect(within(reports[0]).getByText('Arnaque')).toBeVisible();
    expect(
      within(reports[0]).getByText('Il demande un virement avant de montrer le téléphone'),
    ).toBeVisible();
    expect(within(reports[0]).getByRole('link', { name: 'Aïcha Ba' })).toBeVisible();
    expect(within(reports[1]).getByText('Doublon')).toBeVisible();
    // Held for review: it can be hidden, restored, dismissed or deleted.
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Masquer',
      'Rétablir',
      'Rejeter les signalements',
      'Supprimer',
      'Suspendre l’auteur',
    ]);
  });

  it('filters and sorts through the address, and reads the queue in Arabic', async () => {
    const { calls } = fakeServer({
      ...staff(),
      ...queue(),
      'GET /admin/moderation?page=1&status=hidden&sort=newest': () => ok({ items: page([]) }),
      'GET /admin/moderation?page=1&status=hidden&sort=most_reported': () =>
        ok({ items: page([anItem({ id: 7, title: 'most reported' })]) }),
    });
    const { router } = renderApp('/admin?tab=moderation', 'ar');
    const user = userEvent.setup();
    expect(await screen.findByText('إعلان')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('عرض'), 'hidden');
    expect(await screen.findByText('لا شيء في الانتظار')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('ترتيب حسب'), 'most_reported');
    expect(await screen.findByText('most reported')).toBeVisible();
    expect(router.state.location.search).toBe(
      '?tab=moderation&status=hidden&sort=most_reported&page=1',
    );
    expect(calls.map((call) => call.url)).toContain(
      '/admin/moderation?page=1&status=hidden&sort=most_reported',
    );
  });

  it('posts an action with its note, and asks before deleting', async () => {
    const { calls } = fakeServer({
      ...staff(),
      ...queue(),
      'POST /admin/moderation/product/42': (body) =>
        ok({
          item: anItem({
            moderation_status: (body as { action: string }).action === 'delete' ? null : 'hidden',
            pending: false,
          }),
        }),
    });
    renderApp('/admin?tab=moderation');
    const user = userEvent.setup();
    const item = (await screen.findByText('iPhone 15 neuf à 5000 MRU')).closest('li')!;
    await user.type(within(item).getByLabelText('Note (facultative)'), 'Arnaque confirmée');
    await user.click(within(item).getByRole('button', { name: 'Masquer' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { action: 'hide', note: 'Arnaque confirmée' },
      ]),
    );
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
    await waitFor(() => expect(within(item).getByLabelText('Note (facultative)')).toHaveValue(''));

    // Delete asks first; "no" sends nothing.
    await user.click(within(item).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Supprimer définitivement cette publication');
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { action: 'hide', note: 'Arnaque confirmée' },
        { action: 'delete' },
      ]),
    );
  });

  it('shows why an action failed', async () => {
    fakeServer({
      ...staff(),
      ...queue([anItem({ type: 'command', id: 5, product_id: 42, title: 'Je prends' })]),
      'POST /admin/moderation/command/5': () => ({
        status: 422,
        body: { errors: { global: ['command_sold'] } },
      }),
    });
    renderApp('/admin?tab=moderation');
    const user = userEvent.setup();
    const item = (await screen.findByText('Je prends')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Cette commande a été acceptée',
    );
  });

  it('bans the author with a reason, and unbans a banned one', async () => {
    const { calls } = fakeServer({
      ...staff(),
      ...queue([
        anItem(),
        anItem({
          id: 43,
          title: 'second',
          author: { ...person(11, 'Ely', 'Banni'), banned: true },
        }),
      ]),
      'POST /admin/users/9/ban': () =>
        ok({
          user: {
            id: 9,
            first_name: 'Sidi',
            last_name: 'Vendeur',
            banned_at: '2026-03-01T12:00:00.000Z',
            ban_reason: 'Arnaques répétées',
          },
        }),
      'DELETE /admin/users/11/ban': () =>
        ok({
          user: {
            id: 11,
            first_name: 'Ely',
            last_name: 'Banni',
            banned_at: null,
            ban_reason: null,
          },
        }),
    });
    renderApp('/admin?tab=moderation');
    const user = userEvent.setup();
    const item = (await screen.findByText('iPhone 15 neuf à 5000 MRU')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Suspendre l’auteur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre Sidi Vendeur' });
    await user.type(within(dialog).getByLabelText('Motif de la suspension'), 'Arnaques répétées');
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre l’auteur' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ban = calls.find((call) => call.url === '/admin/users/9/ban')!;
    expect(ban.method).toBe('POST');
    expect(ban.body).toEqual({ reason: 'Arnaques répétées' });

    const second = screen.getByText('second').closest('li')!;
    expect(within(second).getByText(/Suspendu/)).toBeVisible();
    await user.click(within(second).getByRole('button', { name: 'Lever la suspension' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url === '/admin/users/11/ban'),
      ).toBe(true),
    );
  });

  it('shows the audit log: who, what, when, note', async () => {
    fakeServer({
      ...staff(),
      'GET /admin/moderation/log?page=1': () =>
        ok({
          log: page([
            anEntry(),
            anEntry({
              id: 2,
              action: 'auto_hide',
              target_type: 'product',
              target_id: 42,
              note: null,
              actor: null,
            }),
          ]),
        }),
    });
    renderApp('/admin?tab=moderation&view=log');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Journal de modération' }),
    ).toBeVisible();
    const first = (await screen.findByText('Compte suspendu')).closest('li')!;
    expect(within(first).getByRole('link', { name: 'Mariem Admin' })).toHaveAttribute(
      'href',
      '/users/user/1',
    );
    expect(within(first).getByRole('link', { name: 'Utilisateur #9' })).toHaveAttribute(
      'href',
      '/users/user/9',
    );
    expect(within(first).getByText('Arnaques répétées')).toBeVisible();
    const second = screen.getByText('Masqué automatiquement après signalements').closest('li')!;
    expect(within(second).getByText('Automatique')).toBeVisible();
    expect(within(second).getByText('Annonce #42')).toBeVisible();
  });
});
