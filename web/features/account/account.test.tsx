import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const anonymous: Record<string, Handler> = {
  'GET /users/me': () => ({ status: 200, body: { user: null } }),
};

/** A response that waits until the test lets it go, to see the loading state. */
function held(answer: { status: number; body?: unknown }) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: Handler = () => gate.then(() => answer);
  return { release, handler };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(await screen.findByLabelText(label, { selector: 'input' }), value);
  }
}

describe('sign up', () => {
  it('shows every missing field under its input without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(anonymous);
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(screen.getByLabelText('Numéro de téléphone')).toHaveAccessibleDescription(
      /Numéro de téléphone incorrect/,
    );
    expect(
      screen.getByLabelText(/^Mot de passe/, { selector: 'input' }),
    ).toHaveAccessibleDescription(/Mot de passe trop court/);
    expect(screen.getByLabelText('Prénom')).toHaveFocus();
    expect(calls.filter((c) => c.url === '/register')).toHaveLength(0);
  });

  it('shows the server errors under their fields and signs the new user in', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = fakeServer({
      ...anonymous,
      'POST /register': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, body: { errors: { phone_1: ['phone_taken'], email: ['email_taken'] } } }
          : { status: 201, body: { user: aUser({ first_name: 'Sidi', last_name: 'Ould' }) } };
      },
    });
    const { router } = renderApp('/register?next=%2Fsaved');
    await screen.findByRole('heading', { name: 'Créer un compte' });
    await fill(user, {
      Prénom: 'Sidi',
      Nom: 'Ould',
      'Numéro de téléphone': '22123456',
    });
    await user.type(screen.getByLabelText(/^E-mail/), 'sidi@example.mr');
    await user.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), 'long-password');
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Ce numéro de téléphone est déjà utilisé')).toBeInTheDocument();
    expect(screen.getByText('Cette adresse e-mail est déjà utilisée')).toBeInTheDocument();
    expect(screen.getByLabelText('Numéro de téléphone')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.url === '/register')!.body).toEqual({
      first_name: 'Sidi',
      last_name: 'Ould',
      phone_1: '22123456',
      email: 'sidi@example.mr',
      password: 'long-password',
      password_confirmation: 'long-password',
      language: 'fr',
    });

    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    expect(await screen.findByText('Sidi Ould')).toBeInTheDocument();
  });

  it('shows a mismatched confirmation under the confirmation field', async () => {
    const user = userEvent.setup();
    fakeServer(anonymous);
    renderApp('/register');
    await fill(user, {
      Prénom: 'Sidi',
      Nom: 'Ould',
      'Numéro de téléphone': '22123456',
      'Mot de passe': 'long-password',
      'Confirmez le mot de passe': 'other-password',
    });
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Confirmez le mot de passe')).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas',
    );
  });

  it('shows every field error at once, the mismatch with the others (issue 20 item 9)', async () => {
    const user = userEvent.setup();
    fakeServer(anonymous);
    renderApp('/register');
    await fill(user, {
      Nom: 'Ould',
      'Numéro de téléphone': '123',
      'Mot de passe': 'long-password',
      'Confirmez le mot de passe': 'other-password',
    });
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Prénom')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Numéro de téléphone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirmez le mot de passe')).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas',
    );
  });

  it('is in Arabic on an Arabic page', async () => {
    const user = userEvent.setup();
    fakeServer(anonymous);
    renderApp('/register', 'ar');
    await user.click(await screen.findByRole('button', { name: 'إنشاء الحساب' }));
    expect(screen.getByLabelText('الاسم الأول')).toHaveAccessibleDescription('هذا الحقل مطلوب');
  });
});

describe('sign in', () => {
  it('shows wrong credentials as a general error, and the button loads meanwhile', async () => {
    const user = userEvent.setup();
    const gate = held({ status: 422, body: { errors: { global: ['wrong_credentials'] } } });
    fakeServer({ ...anonymous, 'POST /login': gate.handler });
    renderApp('/login');
    await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'bad-password' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const busy = await screen.findByRole('button', { name: 'Connexion…' });
    expect(busy).toBeDisabled();
    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identifiant ou mot de passe incorrect',
    );
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it('shows required fields without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(anonymous);
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(screen.getByLabelText('Téléphone ou e-mail')).toHaveAccessibleDescription(
      'Ce champ est obligatoire',
    );
    expect(calls.filter((c) => c.url === '/login')).toHaveLength(0);
  });

  it('signs in and goes back to the page asked for', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...anonymous,
      'POST /login': () => ({ status: 200, body: { user: aUser() } }),
    });
    const { router } = renderApp('/login?next=%2Faccount%2Fpassword');
    await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'souq-demo-2026' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    expect(calls.find((c) => c.url === '/login')!.body).toEqual({
      login: '22000002',
      password: 'souq-demo-2026',
    });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('never follows a next address to another site', async () => {
    const user = userEvent.setup();
    fakeServer({ ...anonymous, 'POST /login': () => ({ status: 200, body: { user: aUser() } }) });
    const { router } = renderApp('/login?next=%2F%2Fevil.example');
    await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'x' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/%09/evil.example', '/%5Cevil.example', '/%252F/evil.example', '%2F%2Fevil.example'])(
    'never follows a next address that a browser would read as another site (%s)',
    async (next) => {
      const user = userEvent.setup();
      fakeServer({ ...anonymous, 'POST /login': () => ({ status: 200, body: { user: aUser() } }) });
      const { router } = renderApp(`/login?next=${next}`);
      await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'x' });
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('opens a phone keyboard once digits are typed in the login field (issue 20 item 14)', async () => {
    const user = userEvent.setup();
    fakeServer(anonymous);
    renderApp('/login');
    const login = await screen.findByLabelText('Téléphone ou e-mail');
    expect(login).toHaveAttribute('inputmode', 'email');
    await user.type(login, '٣٦');
    expect(login).toHaveAttribute('inputmode', 'tel');
    await user.clear(login);
    await user.type(login, 'sidi@');
    expect(login).toHaveAttribute('inputmode', 'email');
  });

  it('keeps the language chosen on this device and saves it to the account (issue 20 item 15)', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = fakeServer({
      ...anonymous,
      'POST /login': () => ({ status: 200, body: { user: aUser({ language: 'ar' }) } }),
      'POST /localisation/fr': () => ({ status: 200, body: { language: 'fr' } }),
    });
    document.documentElement.lang = 'fr';
    document.cookie = 'lang=fr; path=/';
    const { router } = renderApp('/login', 'fr');
    await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'x' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((call) => call.url === '/localisation/fr')).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('fr');
    document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('follows the account’s language when none was chosen on this device', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = fakeServer({
      ...anonymous,
      'POST /login': () => ({ status: 200, body: { user: aUser({ language: 'ar' }) } }),
    });
    document.documentElement.lang = 'fr';
    renderApp('/login', 'fr');
    await fill(user, { 'Téléphone ou e-mail': '22000002', 'Mot de passe': 'x' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls.some((call) => call.url.startsWith('/localisation'))).toBe(false);
  });
});

describe('password change', () => {
  it('sends a visitor to sign in first', async () => {
    fakeServer(anonymous);
    const { router } = renderApp('/account/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Faccount%2Fpassword');
  });

  it('shows a wrong old password under its field, then confirms the change', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: aUser() } }),
      'PUT /users/password': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, body: { errors: { old_password: ['wrong_password'] } } }
          : { status: 204 };
      },
    });
    renderApp('/account/password');
    await screen.findByRole('heading', { name: 'Changer de mot de passe' });
    await fill(user, {
      'Mot de passe actuel': 'old-password',
      'Nouveau mot de passe': 'new-password',
      'Confirmez le nouveau mot de passe': 'new-password',
    });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/users/password')!.body).toEqual({
      old_password: 'old-password',
      new_password: 'new-password',
      new_password_confirmation: 'new-password',
    });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mot de passe modifié');
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('');
  });

  it('checks the new password locally first', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: aUser() } }),
    });
    renderApp('/account/password');
    await screen.findByRole('heading', { name: 'Changer de mot de passe' });
    await fill(user, { 'Mot de passe actuel': 'x', 'Nouveau mot de passe': 'short' });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      /Mot de passe trop court/,
    );
    expect(calls.filter((c) => c.url === '/users/password')).toHaveLength(0);
  });
});
