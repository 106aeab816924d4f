import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';

// Issue 32: the profile form's "SMS alerts" (sms_alerts): ticked or not, it is sent as yes or no;
// it cannot be ticked before the number is verified, and says why; the server's refusal shows
// under it; in both languages.

configure({ asyncUtilTimeout: 5000 });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

const VERIFIED = '2026-02-01T00:00:00.000Z';
const viewer = (user: ReturnType<typeof aUser>): Record<string, Handler> => ({
  'GET /users/me': () => ({ status: 200, body: { user } }),
  [`GET /users/user/${user.id}`]: () => ({ status: 200, body: { user } }),
});
const sentOf = (calls: { method: string; body: unknown }[]) =>
  Object.fromEntries([...(calls.find((c) => c.method === 'PUT')!.body as FormData)]);

// The profile page loads lazily: the first test pays for it on a busy machine.
describe('SMS alerts in the profile form', { timeout: 15_000 }, () => {
  it('turns them on for a verified number: sms_alerts=yes', async () => {
    const user = userEvent.setup();
    const me = aUser({ id: 20, phone_verified_at: VERIFIED });
    const { calls } = fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({ status: 200, body: { user: { ...me, sms_alerts: true } } }),
    });
    const { router } = renderApp('/account/profile');
    const box = await screen.findByRole('checkbox', { name: /^Alertes par SMS/ });
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    expect(box).toHaveAccessibleName(/quand une de vos annonces va expirer/);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user/20'));
    expect(sentOf(calls)).toMatchObject({ sms_alerts: 'yes', first_name: 'Aïcha' });
  });

  it('turns them off: an unticked box still says no', async () => {
    const user = userEvent.setup();
    const me = aUser({ id: 20, phone_verified_at: VERIFIED, sms_alerts: true });
    const { calls } = fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({ status: 200, body: { user: { ...me, sms_alerts: false } } }),
    });
    renderApp('/account/profile');
    const box = await screen.findByRole('checkbox', { name: /^Alertes par SMS/ });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sentOf(calls).sms_alerts).toBe('no');
  });

  it('cannot be ticked before the number is verified, and sends nothing of it', async () => {
    const user = userEvent.setup();
    const me = aUser({ id: 20 });
    const { calls } = fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({ status: 200, body: { user: me } }),
    });
    renderApp('/account/profile');
    const box = await screen.findByRole('checkbox', { name: /^Alertes par SMS/ });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleName(/Vérifiez d’abord votre numéro/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sentOf(calls)).not.toHaveProperty('sms_alerts');
  });

  it('shows the server refusal under the box', async () => {
    const user = userEvent.setup();
    const me = aUser({ id: 20, phone_verified_at: VERIFIED });
    fakeServer({
      ...viewer(me),
      'PUT /users/20': () => ({
        status: 422,
        body: { errors: { sms_alerts: ['phone_not_verified'] } },
      }),
    });
    renderApp('/account/profile');
    await user.click(await screen.findByRole('checkbox', { name: /^Alertes par SMS/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Votre numéro n'est pas encore vérifié.")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says it in Arabic', async () => {
    fakeServer(viewer(aUser({ id: 20, phone_verified_at: VERIFIED, language: 'ar' })));
    renderApp('/account/profile', 'ar');
    const box = await screen.findByRole('checkbox', { name: /^تنبيهات عبر الرسائل القصيرة/ });
    expect(box).toHaveAccessibleName(/رسالة قصيرة إلى رقمك الموثَّق/);
  });
});
