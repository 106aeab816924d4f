import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';

// Issue 34 item 5 in the account settings: download my data, delete my account (password again).

// The profile page loads lazily, which takes a while on a busy machine (the first test pays it).
configure({ asyncUtilTimeout: 15_000 });

let assign: ReturnType<typeof vi.fn>;
let click: ReturnType<typeof vi.fn<(name: string, href: string) => void>>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  click = vi.fn<(name: string, href: string) => void>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    click(this.download, this.href);
  });
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const me = aUser({ id: 20 });
const signedIn: Record<string, Handler> = {
  'GET /users/me': () => ({ status: 200, body: { user: me } }),
};

describe('download my data', { timeout: 20_000 }, () => {
  it('saves the export as a file named after the account and the day', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...signedIn,
      'GET /users/me/export': () => ({
        status: 200,
        body: { format: 'souq-export-1', exported_at: '2026-11-28T10:00:00.000Z' },
      }),
    });
    renderApp('/account/profile');
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    await waitFor(() =>
      expect(click).toHaveBeenCalledWith('souq-20-2026-11-28.json', 'blob:export'),
    );
    expect(calls.filter((c) => c.url === '/users/me/export')).toHaveLength(1);
  });

  it('says so when the server refuses (too many downloads)', async () => {
    const user = userEvent.setup();
    fakeServer({
      ...signedIn,
      'GET /users/me/export': () => ({
        status: 429,
        body: { errors: { global: ['too_many_attempts'] } },
      }),
    });
    renderApp('/account/profile');
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives');
    expect(click).not.toHaveBeenCalled();
  });
});

describe('delete my account', { timeout: 20_000 }, () => {
  const submit = () => screen.findByRole('button', { name: 'Supprimer définitivement mon compte' });

  it('asks for the password in the browser first, shows a wrong one under the field', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...signedIn,
      'DELETE /users/me': () => ({
        status: 422,
        body: { errors: { password: ['wrong_password'] } },
      }),
    });
    renderApp('/account/profile');
    await user.click(await submit());
    expect(await screen.findByText('Ce champ est obligatoire')).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.type(screen.getByLabelText('Mot de passe'), 'not mine');
    await user.click(await submit());
    expect(await screen.findByText('Le mot de passe actuel est incorrect')).toBeVisible();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends DELETE /users/me with the password and the XSRF header, then loads home', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...signedIn,
      'DELETE /users/me': () => ({ status: 204 }),
    });
    renderApp('/account/profile', 'ar');
    await user.type(await screen.findByLabelText('كلمة المرور'), 'my password');
    await user.click(screen.getByRole('button', { name: 'حذف حسابي نهائيًا' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const deletion = calls.find((c) => c.method === 'DELETE')!;
    expect(deletion.url).toBe('/users/me');
    expect(deletion.body).toEqual({ password: 'my password' });
    expect(deletion.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
  });
});
