import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp } from '../../test/render-app';

// Issue 21: forgot → code → new password, in French (the suite's language).

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('password reset', () => {
  it('asks for the code, accepts Arabic-Indic digits, then the new password, and signs in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: signedIn ? aUser() : null } }),
      'POST /password/forgot': () => ({ status: 202 }),
      'POST /password/code': () => ({ status: 204 }),
      'POST /password/reset': () => {
        signedIn = true;
        return { status: 204 };
      },
    });
    const { router } = renderApp('/password/forgot');
    await user.type(
      await screen.findByLabelText('Téléphone ou e-mail', { selector: 'input' }),
      '+222 22 00 00 02',
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/password/reset'), {
      timeout: 8000,
    });
    const code = document.querySelector<HTMLInputElement>('input[name=code]')!;
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(calls.find((c) => c.url === '/password/forgot')?.body).toEqual({
      login: '+222 22 00 00 02',
    });
    await user.type(code, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(document.querySelector('input[name=password]')).not.toBeNull());
    await user.type(
      document.querySelector<HTMLInputElement>('input[name=password]')!,
      'a new password',
    );
    await user.type(
      document.querySelector<HTMLInputElement>('input[name=password_confirmation]')!,
      'a new password',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The code was checked on its own step, before the password was asked for.
    expect(calls.find((c) => c.url === '/password/code')?.body).toEqual({
      login: '22000002',
      code: '123456',
    });
    expect(calls.find((c) => c.url === '/password/reset')?.body).toEqual({
      login: '22000002',
      code: '123456',
      password: 'a new password',
      password_confirmation: 'a new password',
    });
  }, 30_000);

  const CODE_INVALID =
    "Ce code n'est pas le bon ou n'est plus valable. Demandez-en un nouveau au besoin.";
  const refused = () => ({ status: 422, body: { errors: { code: ['code_invalid'] } } });
  const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name=${name}]`);

  it('refuses a wrong code on its own step, before any password is asked for (issue 35 item 15)', async () => {
    const user = userEvent.setup();
    let right = false;
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: null } }),
      'POST /password/code': () => (right ? { status: 204 } : refused()),
    });
    renderApp('/password/reset?login=22000002');
    await waitFor(() => expect(field('code')).not.toBeNull());
    await user.type(field('code')!, '111111');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(CODE_INVALID)).toBeInTheDocument();
    // Still the code's step, the code as typed, no password field.
    expect(field('code')).toHaveValue('111111');
    expect(field('password')).toBeNull();
    right = true;
    await user.clear(field('code')!);
    await user.type(field('code')!, '222222');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(field('password')).not.toBeNull());
    expect(calls.filter((c) => c.url === '/password/code').map((c) => c.body)).toEqual([
      { login: '22000002', code: '111111' },
      { login: '22000002', code: '222222' },
    ]);
    expect(calls.some((c) => c.url === '/password/reset')).toBe(false);
  }, 30_000);

  it('keeps the passwords typed when the code is refused at the end after all', async () => {
    const user = userEvent.setup();
    let expired = true;
    fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: null } }),
      'POST /password/code': () => ({ status: 204 }),
      'POST /password/reset': () => (expired ? refused() : { status: 204 }),
    });
    const { router } = renderApp('/password/reset?login=22000002');
    await waitFor(() => expect(field('code')).not.toBeNull());
    await user.type(field('code')!, '123456');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(field('password')).not.toBeNull());
    await user.type(field('password')!, 'a new password');
    await user.type(field('password_confirmation')!, 'a new password');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }));
    // Back to the code, with the reason.
    expect(await screen.findByText(CODE_INVALID)).toBeInTheDocument();
    expect(field('password')).toBeNull();
    expired = false;
    await user.clear(field('code')!);
    await user.type(field('code')!, '654321');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(field('password')).not.toBeNull());
    expect(field('password')).toHaveValue('a new password');
    expect(field('password_confirmation')).toHaveValue('a new password');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 30_000);
});
