import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { aUser, fakeServer } from '../../../test/render-app';
import { renderWithApp } from '../../../test/render';
import { VerifyPhone } from './verify-phone';

// Issue 21, issue 33 item 2: the phone check reads the typed code by the one shared rule
// (shared/domain/one-time-code.ts): any digits, spaces dropped, six of them or a message.

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

it('sends the code typed in Arabic-Indic digits as ASCII, and refuses a short one without asking', async () => {
  const user = userEvent.setup();
  const { calls } = fakeServer({
    'POST /users/phone/verify/send': () => ({ status: 202 }),
    'POST /users/phone/verify': () => ({
      status: 200,
      body: { user: aUser({ phone_verified_at: '2026-11-28T12:00:00.000Z' }) },
    }),
  });
  renderWithApp(<VerifyPhone me={aUser({ phone_verified_at: null })} />);
  await user.click(screen.getByRole('button', { name: 'Vérifier mon numéro' }));
  const code = await screen.findByLabelText('Code', { selector: 'input' });
  await user.type(code, '١٢٣٤٥');
  await user.click(screen.getByRole('button', { name: 'Valider le code' }));
  expect(await screen.findByText('Le code a 6 chiffres')).toBeInTheDocument();
  expect(calls.some((c) => c.url === '/users/phone/verify')).toBe(false);
  await user.clear(code);
  await user.type(code, '١٢٣ ٤٥٦');
  await user.click(screen.getByRole('button', { name: 'Valider le code' }));
  await waitFor(() =>
    expect(calls.find((c) => c.url === '/users/phone/verify')?.body).toEqual({ code: '123456' }),
  );
});
