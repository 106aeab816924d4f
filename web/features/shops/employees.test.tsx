import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopRole } from '../../../shared/constants';
import type { ShopInvitation } from '../../../shared/schemas/shops';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';
import { aPage, aShop, anEmployee } from './test-fixtures';

// Staff management on the shop page (?tab=employees): what can.* allows is shown, the rest is
// not; the server's answers (and refusals) come back on screen.

vi.mock('../../components/shop-map', () => ({ ShopMap: () => null }));

// Pages load lazily, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

/** Viewer 7 with `role` in shop 11, whose owner is 1 (unless the viewer is), plus members. */
function staffServer(role: ShopRole, more: Record<string, Handler> = {}) {
  let employees = [
    role === 'owner' ? anEmployee(7, 'owner', 'Aïcha') : anEmployee(1, 'owner', 'Owner'),
    ...(role === 'owner' ? [] : [anEmployee(7, role, 'Aïcha')]),
    anEmployee(2, 'admin', 'Admin'),
    anEmployee(3, 'employee', 'Sidi'),
  ];
  let invitations: ShopInvitation[] = [];
  const server = fakeServer({
    'GET /users/me': () => ({ status: 200, body: { user: aUser({ id: 7 }) } }),
    'GET /shops/shop/11': () => ({ status: 200, body: { shop: aShop({ employees }) } }),
    'GET /shops/11/employees': () => ({ status: 200, body: { employees, invitations } }),
    'POST /products/shop/11/search': () => ({ status: 200, body: { products: aPage([]) } }),
    ...more,
  });
  return {
    ...server,
    setEmployees: (next: typeof employees) => {
      employees = next;
    },
    employees: () => employees,
    setInvitations: (next: ShopInvitation[]) => {
      invitations = next;
    },
  };
}

const rowOf = (name: string) =>
  screen.getByText(new RegExp(`^${name} Ba$`)).closest('li') as HTMLElement;

describe('staff management', () => {
  it('lets the owner hand out every role, change and remove anyone but themself', async () => {
    staffServer('owner');
    renderApp('/shops/shop/11?tab=employees');
    const role = await screen.findByLabelText('Rôle', { selector: 'select[name=role]' });
    expect([...(role as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'admin',
      'moderator',
      'employee',
    ]);
    expect(within(rowOf('Aïcha')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Aïcha')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Admin')).getByRole('combobox')).toHaveValue('admin');
    expect(
      within(rowOf('Admin')).getByRole('button', { name: 'Retirer Admin Ba de l’équipe' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Sidi')).getByRole('combobox')).toHaveValue('employee');
  });

  it('lets a shop admin manage moderators and employees, not admins nor the owner', async () => {
    staffServer('admin');
    renderApp('/shops/shop/11?tab=employees');
    const role = await screen.findByLabelText('Rôle', { selector: 'select[name=role]' });
    expect([...(role as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'moderator',
      'employee',
    ]);
    expect(within(rowOf('Owner')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Admin')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Admin')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Sidi')).getByRole('combobox')).toBeInTheDocument();
    // Their own row: leaving, not a role change.
    expect(within(rowOf('Aïcha')).queryByRole('combobox')).toBeNull();
    expect(
      within(rowOf('Aïcha')).getByRole('button', { name: 'Quitter la boutique' }),
    ).toBeVisible();
  });

  it('gives a moderator or an employee nothing to manage, only leaving', async () => {
    staffServer('moderator');
    renderApp('/shops/shop/11?tab=employees');
    await screen.findByText('Sidi Ba');
    expect(screen.queryByRole('button', { name: 'Ajouter un employé' })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Quitter la boutique' })).toHaveLength(1);
  });

  it('invites by phone with a role, lists it as invited, and withdraws it', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const invitation: ShopInvitation = {
      id: 5,
      login: '22112233',
      created_at: '2026-11-25T10:00:00.000Z',
      pivot: { role: 'moderator', status: 'invited' },
    };
    const server = staffServer('owner', {
      'POST /shops/11/employees': () => {
        attempt += 1;
        if (attempt === 1) return { status: 422, body: { errors: { login: ['bad_input'] } } };
        server.setInvitations([invitation]);
        return { status: 201, body: { employee: invitation } };
      },
      'DELETE /shops/11/invitations/5': () => {
        server.setInvitations([]);
        return { status: 204 };
      },
    });
    renderApp('/shops/shop/11?tab=employees');
    const login = await screen.findByLabelText('Téléphone ou e-mail de l’employé');
    // Blank: refused in the browser.
    await user.click(screen.getByRole('button', { name: 'Inviter un employé' }));
    expect(login).toHaveAccessibleDescription(/Ce champ est obligatoire/);
    expect(
      server.calls.filter((c) => c.method === 'POST' && c.url.includes('employees')),
    ).toHaveLength(0);

    await user.type(login, 'abc');
    await user.click(screen.getByRole('button', { name: 'Inviter un employé' }));
    await waitFor(() => expect(login).toHaveAccessibleDescription(/Valeur incorrecte/));

    await user.clear(login);
    await user.type(login, ' 22 11 22 33 ');
    await user.selectOptions(
      screen.getByLabelText('Rôle', { selector: 'select[name=role]' }),
      'moderator',
    );
    await user.click(screen.getByRole('button', { name: 'Inviter un employé' }));
    expect(await screen.findByText(/Invitation envoyée à 22112233/)).toBeInTheDocument();
    const posts = server.calls.filter(
      (c) => c.url === '/shops/11/employees' && c.method === 'POST',
    );
    expect(posts.at(-1)!.body).toEqual({ login: '22 11 22 33', role: 'moderator' });
    expect(login).toHaveValue('');
    // The pending invitation shows, marked invited, not among the staff.
    const pending = (await screen.findByText('22112233', { selector: 'bdi' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(pending).getByText('Invité')).toBeInTheDocument();
    expect(within(pending).getByText('Modérateur')).toBeInTheDocument();
    await user.click(
      within(pending).getByRole('button', { name: 'Annuler l’invitation de 22112233' }),
    );
    await waitFor(() => expect(screen.queryByText('22112233', { selector: 'bdi' })).toBeNull());
  }, 20_000);

  it('changes a role with PUT, and shows a refusal of the server', async () => {
    const user = userEvent.setup();
    let allowed = false;
    const server = staffServer('owner', {
      'PUT /shops/11/employees/3': (body) => {
        if (!allowed) return { status: 403, body: { errors: { global: ['forbidden'] } } };
        server.setEmployees(
          server.employees().map((e) => (e.id === 3 ? anEmployee(3, 'moderator', 'Sidi') : e)),
        );
        return {
          status: 200,
          body: { employee: { ...anEmployee(3, 'moderator'), ...(body as object) } },
        };
      },
    });
    renderApp('/shops/shop/11?tab=employees');
    const select = await screen.findByRole('combobox', { name: 'Rôle de Sidi Ba' });
    await user.selectOptions(select, 'moderator');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vous n’êtes pas autorisé(e) à faire cela',
    );
    allowed = true;
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Rôle de Sidi Ba' }),
      'moderator',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Rôle de Sidi Ba' })).toHaveValue('moderator'),
    );
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      role: 'moderator',
    });
  });

  it('removes a member after the confirmation', async () => {
    const user = userEvent.setup();
    const server = staffServer('owner', {
      'DELETE /shops/11/employees/3': () => {
        server.setEmployees(server.employees().filter((e) => e.id !== 3));
        return { status: 204 };
      },
    });
    renderApp('/shops/shop/11?tab=employees');
    await user.click(await screen.findByRole('button', { name: 'Retirer Sidi Ba de l’équipe' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sidi Ba ne fera plus partie de l’équipe');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(screen.queryByText('Sidi Ba')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/shops/11/employees/3',
    ]);
  });

  it('lets an employee leave, with DELETE of their own place', async () => {
    const user = userEvent.setup();
    const server = staffServer('employee', {
      'DELETE /shops/11/employees/7': () => ({ status: 204 }),
    });
    renderApp('/shops/shop/11?tab=employees');
    await user.click(await screen.findByRole('button', { name: 'Quitter la boutique' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.method === 'DELETE' && c.url === '/shops/11/employees/7'),
      ).toBe(true),
    );
  });
});
