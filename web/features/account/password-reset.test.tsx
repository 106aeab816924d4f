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
    expect(calls.find((c) => c.url === '/password/reset')?.body).toEqual({
      login: '22000002',
      code: '123456',
      password: 'a new password',
      password_confirmation: 'a new password',
    });
  }, 30_000);
});
