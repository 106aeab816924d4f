import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr';
import { aUser, fakeServer, renderApp } from '../../test/render-app';
import { aPublicUser, setUpUsersTests, userAnswer, viewer } from './test/fixtures';

// The profile form: filled in, checked in the browser, sent with the photo, and the language.

const stubs = setUpUsersTests(() => import('./profile-page'));

describe('the profile form', { timeout: 20_000 }, () => {
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
    expect(stubs.assign).not.toHaveBeenCalled();
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
    await waitFor(() => expect(stubs.assign).toHaveBeenCalledWith('/users/user/20'));
  });
});
