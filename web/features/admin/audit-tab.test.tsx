import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { fakeServer, renderApp } from '../../test/render-app';
import { ok, page, staff } from './test/fixtures';
import { setUpAdminPageTests } from './test/admin-page-tests';

// Issue 34 item 4: the admin page's audit tab (site admins), against a fake server answering
// the shapes of shared/schemas/audit.ts.

setUpAdminPageTests();

const anEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 7,
  actor: { id: 3, first_name: 'Aïcha', last_name: 'Ba', deleted: false },
  action: 'pcategory.update',
  target_type: 'pcategory',
  target_id: 12,
  before: { order_number: 3 },
  after: { order_number: 5 },
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('the audit tab', { timeout: 20_000 }, () => {
  it('lists who did what to which, with before and after, and filters by action and actor', async () => {
    const user = userEvent.setup();
    const entries = [
      anEntry(),
      anEntry({
        id: 6,
        actor: { id: 9, first_name: '', last_name: '', deleted: true },
        action: 'user.ban',
        target_type: 'user',
        target_id: 40,
        before: { ban_reason: null },
        after: { ban_reason: '<b>spam</b>' },
      }),
    ];
    const { calls } = fakeServer({
      ...staff('admin'),
      'GET /admin/audit?page=1': () => ok({ entries: page(entries) }),
      'GET /admin/audit?page=1&action=user.ban': () => ok({ entries: page([entries[1]]) }),
      'GET /admin/audit?page=1&action=user.ban&actor_id=9': () =>
        ok({ entries: page([entries[1]]) }),
    });
    const { router } = renderApp('/admin?tab=audit');
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Aïcha Ba');
    expect(items[0]).toHaveTextContent('Catégorie modifiée');
    expect(items[0]).toHaveTextContent('Catégorie #12');
    expect(within(items[0]).getByText('3').closest('del')).not.toBeNull();
    expect(within(items[0]).getByText('5').closest('ins')).not.toBeNull();
    expect(items[1]).toHaveTextContent(/Compte supprimé \(n°\s9\)/);
    // A value is text, never markup.
    expect(within(items[1]).getByText('<b>spam</b>')).toBeVisible();
    expect(items[1].querySelector('b')).toBeNull();
    expect(within(items[1]).getByRole('link', { name: 'Compte #40' })).toHaveAttribute(
      'href',
      '/users/user/40',
    );

    await user.selectOptions(screen.getByLabelText('Action'), 'user.ban');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=audit&page=1&action=user.ban'),
    );
    await user.click(await screen.findByRole('link', { name: /Compte supprimé \(n°\s9\)/ }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/admin/audit?page=1&action=user.ban&actor_id=9'),
    );
    expect(await screen.findByText(/Seulement les actions du compte n°\s9/)).toBeVisible();
  });

  it.each([
    { language: 'fr' as const, order: 'Ordre', reason: 'Motif de la suspension' },
    { language: 'ar' as const, order: 'الترتيب', reason: 'سبب الإيقاف' },
  ])(
    'labels each field as its form does in $language, and an unlabelled one by its column',
    async ({ language, order, reason }) => {
      fakeServer({
        ...staff('admin'),
        'GET /admin/audit?page=1': () =>
          ok({
            entries: page([
              anEntry({
                before: { order_number: 3, legacy_flag: 0 },
                after: { order_number: 5, legacy_flag: 1 },
              }),
              anEntry({
                id: 6,
                action: 'user.ban',
                target_type: 'user',
                target_id: 40,
                before: { ban_reason: null },
                after: { ban_reason: 'spam' },
              }),
            ]),
          }),
      });
      renderApp('/admin?tab=audit', language);
      const items = await screen.findAllByRole('listitem');
      const labels = (item: HTMLElement) =>
        Array.from(item.querySelectorAll('dt'), (dt) => dt.textContent);
      expect(labels(items[0])).toEqual([order, 'legacy_flag']);
      expect(labels(items[1])).toEqual([reason]);
      // A column name reads left to right in Arabic too; a label follows the page.
      expect(within(items[0]).getByText('legacy_flag')).toHaveAttribute('dir', 'ltr');
      expect(within(items[0]).getByText(order)).not.toHaveAttribute('dir');
    },
  );

  it.each([
    {
      language: 'fr' as const,
      values: ['Non', 'Oui', 'Utilisateur', 'Modérateur', 'Visible', 'Masquée par la modération'],
      role: 'Employé',
    },
    {
      language: 'ar' as const,
      values: ['لا', 'نعم', 'مستخدم', 'مشرف', 'ظاهر', 'أخفاه المشرفون'],
      role: 'موظف',
    },
  ])('names values as the forms do in $language, and a time as a date', async (t) => {
    fakeServer({
      ...staff('admin'),
      'GET /admin/audit?page=1': () =>
        ok({
          entries: page([
            anEntry({
              action: 'user.update',
              target_type: 'user',
              before: { can_be_used: 'no', role: 'user', moderation_status: 'visible' },
              after: {
                can_be_used: 'yes',
                role: 'moderator',
                moderation_status: 'hidden',
                banned_at: '2026-03-01T10:00:00.000Z',
                values: '[{"value":"gps"}]',
              },
            }),
            anEntry({ id: 6, action: 'employee.role', before: null, after: { role: 'employee' } }),
          ]),
        }),
    });
    renderApp('/admin?tab=audit', t.language);
    const items = await screen.findAllByRole('listitem');
    const shown = Array.from(items[0].querySelectorAll('del, ins'), (e) => e.textContent);
    expect(shown.slice(0, 6)).toEqual([
      t.values[0],
      t.values[1],
      t.values[2],
      t.values[3],
      t.values[4],
      t.values[5],
    ]);
    // The time is not the stored ISO text; a value no form names stays as stored.
    expect(items[0]).not.toHaveTextContent('2026-03-01T10:00');
    expect(items[0]).toHaveTextContent('2026');
    expect(items[0]).toHaveTextContent('[{"value":"gps"}]');
    // A shop's role, not a site's.
    expect(items[1].querySelector('ins')).toHaveTextContent(t.role);
  });

  it('is not offered to a moderator: the address falls back to the categories', async () => {
    const { calls } = fakeServer({
      ...staff('moderator'),
      'POST /pcategories/paginate': () => ok({ pcategories: page([]) }),
    });
    renderApp('/admin?tab=audit');
    expect(await screen.findByRole('tab', { name: 'Catégories' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Audit' })).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/admin/audit?page=1');
  });
});
