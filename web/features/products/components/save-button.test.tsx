import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { aUser, clientWith, deferred } from './product-fixtures.test-support';
import { ReportButton } from './report-button';
import { SaveButton } from './save-button';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function stubFetch(answer: (url: string) => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    void init;
    return answer(url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SaveButton', () => {
  it('saves at once and shows the new count', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(async () => json({ saved: true, saved_count: 3 }));
    const onChange = vi.fn();
    renderWithApp(<SaveButton productId={9} saved={false} savedCount={2} onChange={onChange} />, {
      queryClient: clientWith(aUser()),
    });
    const button = screen.getByRole('button', { name: 'Sauvegarder (Sauvegardé par 2 personnes)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(fetchMock.mock.calls[0][0]).toBe('/products/favorite/add/9');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    // Its name is what it shows; the action is its description (its title).
    expect(button).toHaveAccessibleName('Sauvegardé (Sauvegardé par 3 personnes)');
    expect(button).toHaveAccessibleDescription('Retirer des sauvegardés');
    expect(onChange).toHaveBeenCalledWith({ saved: true, saved_count: 3 });
  });

  it('asks for a confirmation before removing, and does nothing on no', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(async () => json({ saved: false, saved_count: 1 }));
    renderWithApp(<SaveButton productId={9} saved savedCount={2} />, {
      queryClient: clientWith(aUser()),
    });
    await user.click(screen.getByRole('button', { name: /^Sauvegardé \(/ }));
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(
      'Retirer cet élément de vos sauvegardes\u00a0?',
    );
    await user.click(screen.getByRole('button', { name: 'Non' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /^Sauvegardé \(/ }));
    await user.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Sauvegarder/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(fetchMock.mock.calls[0][0]).toBe('/products/favorite/remove/9');
  });

  it('stays busy when the call fails (SPEC §8)', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    renderWithApp(<SaveButton productId={9} saved={false} savedCount={0} />, {
      queryClient: clientWith(aUser()),
    });
    const button = screen.getByRole('button', { name: /Sauvegarder/ });
    await user.click(button);
    expect(button).toBeDisabled();
    answer.resolve(json({ errors: { global: ['server_error'] } }, 500));
    await new Promise((r) => setTimeout(r, 20));
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends an anonymous visitor to sign in', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(async () => json({}));
    renderWithApp(
      <Routes>
        <Route path="/x" element={<SaveButton productId={9} saved={false} savedCount={0} />} />
        <Route path="/login" element={<p>page de connexion</p>} />
      </Routes>,
      { queryClient: clientWith(null), path: '/x' },
    );
    await user.click(screen.getByRole('button', { name: /Sauvegarder/ }));
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a card shows only the count, and is named by its action', () => {
    renderWithApp(<SaveButton productId={9} saved savedCount={4} compact />, {
      queryClient: clientWith(aUser()),
    });
    const button = screen.getByRole('button', {
      name: 'Retirer des sauvegardés (Sauvegardé par 4 personnes)',
    });
    expect(button.querySelector('.save-button__count')).toHaveTextContent('4');
  });

  it('speaks Arabic with its plural forms', () => {
    renderWithApp(<SaveButton productId={9} saved={false} savedCount={2} />, {
      queryClient: clientWith(aUser()),
      language: 'ar',
    });
    expect(screen.getByRole('button', { name: 'حفظ (حفظه شخصان)' })).toBeInTheDocument();
  });
});

describe('ReportButton', () => {
  it('reports with a reason (issue 19) and takes the report back after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(async (url) =>
      url.endsWith('/reports')
        ? json({ report: { reason: 'scam', reports_count: 1, moderation_status: 'visible' } }, 201)
        : json({ reported: false, reports_count: 0 }),
    );
    renderWithApp(<ReportButton productId={9} reported={false} />, {
      queryClient: clientWith(aUser()),
    });
    await user.click(screen.getByRole('button', { name: 'Signaler' }));
    const send = await screen.findByRole('button', { name: 'Envoyer le signalement' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Arnaque' }));
    await user.type(screen.getByLabelText('Précisions (facultatif)'), 'avance demandée');
    await user.click(send);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Annuler le signalement' })).toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls[0][0]).toBe('/products/9/reports');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      reason: 'scam',
      text: 'avance demandée',
    });
    await user.click(screen.getByRole('button', { name: 'Annuler le signalement' }));
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(
      'Annuler votre signalement de cette annonce\u00a0?',
    );
    await user.click(screen.getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Signaler' })).toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls[1][0]).toBe('/products/report/remove/9');
  });

  it('says so when the report fails, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    stubFetch(async () => json({ errors: { global: ['forbidden'] } }, 403));
    renderWithApp(<ReportButton productId={9} reported={false} />, {
      queryClient: clientWith(aUser()),
    });
    await user.click(screen.getByRole('button', { name: 'Signaler' }));
    await user.click(await screen.findByRole('radio', { name: 'Doublon' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    expect(
      await screen.findByText('Le signalement n’a pas pu être envoyé, réessayez'),
    ).toBeInTheDocument();
  });
});
