import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandRating, Rating } from '../../../../shared/schemas/ratings';
import { renderWithApp } from '../../../test/render';
import { RateShop } from './rate-shop';

// Issue 32 item 5: under the buyer's accepted command, the stars and words they give the shop,
// sent as POST /commands/{id}/rating; the server's refusals shown; once sent, their rating.

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const UNTIL = '2026-12-20T10:00:00.000Z';

const aRating = (overrides: Partial<Rating> = {}): Rating => ({
  id: 3,
  shop_id: 11,
  product_id: 40,
  command_id: 5,
  stars: 4,
  text: 'Vendeur sérieux',
  user: {
    id: 7,
    first_name: 'Aïcha',
    last_name: 'Ba',
    photo: null,
    photo_url: null,
    photo_small_url: null,
  },
  answer: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** GET /commands/5/rating answers `state`; the POST answers `posted`. */
function stubServer(state: CommandRating, posted: () => Response) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') return json(state);
    return posted();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const posts = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

// The first render loads the dictionaries: slow on a busy machine.
describe('RateShop', { timeout: 15_000 }, () => {
  it('sends the stars chosen and the words, then shows the rating given', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer({ rating: null, rate_until: UNTIL }, () =>
      json({ rating: aRating({ stars: 4, text: 'Très bien' }) }, 201),
    );
    renderWithApp(<RateShop commandId={5} />);
    expect(await screen.findByText('Notez la boutique')).toBeInTheDocument();
    expect(screen.getByText(/Vous pouvez noter jusqu’au 20 décembre 2026/)).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: '2 étoiles' }));
    await user.click(screen.getByRole('radio', { name: '4 étoiles' }));
    expect(screen.getByRole('radio', { name: '4 étoiles' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 étoiles' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Un mot sur votre achat (facultatif)'), 'Très bien');
    await user.click(screen.getByRole('button', { name: 'Publier l’avis' }));

    expect(await screen.findByText('Votre avis sur cette boutique')).toBeInTheDocument();
    const [url, init] = posts(fetchMock)[0];
    expect(url).toBe('/commands/5/rating');
    expect(JSON.parse(String(init?.body))).toEqual({ stars: 4, text: 'Très bien' });
    expect(screen.getByRole('img', { name: '4 étoiles' })).toBeInTheDocument();
    expect(screen.getByText('Très bien')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says to choose the stars instead of sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer({ rating: null, rate_until: UNTIL }, () => json({}, 500));
    renderWithApp(<RateShop commandId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Publier l’avis' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez de 1 à 5 étoiles.');
    expect(posts(fetchMock)).toHaveLength(0);
    // Choosing a star clears it.
    await user.click(screen.getByRole('radio', { name: '1 étoile' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['already_rated', 'Vous avez déjà noté cette boutique.'],
    ['rating_window_over', 'Le délai pour noter est passé : 30 jours après l’acceptation.'],
  ])('shows the refusal %s and keeps the form', async (key, message) => {
    const user = userEvent.setup();
    stubServer({ rating: null, rate_until: UNTIL }, () => json({ errors: { global: [key] } }, 422));
    renderWithApp(<RateShop commandId={5} />);
    await user.click(await screen.findByRole('radio', { name: '5 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’avis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('radio', { name: '5 étoiles' })).toBeChecked();
  });

  it('shows a field error of the server as the form’s (nothing is lost)', async () => {
    const user = userEvent.setup();
    stubServer({ rating: null, rate_until: UNTIL }, () =>
      json({ errors: { stars: ['bad_input'] } }, 422),
    );
    renderWithApp(<RateShop commandId={5} />);
    await user.click(await screen.findByRole('radio', { name: '3 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’avis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Valeur incorrecte');
  });

  it('shows nothing when the viewer may not rate and did not', async () => {
    const fetchMock = stubServer({ rating: null, rate_until: null }, () => json({}));
    const { container } = renderWithApp(<RateShop commandId={5} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Arabic: the form and the stars', async () => {
    stubServer({ rating: null, rate_until: UNTIL }, () => json({}));
    renderWithApp(<RateShop commandId={5} />, { language: 'ar' });
    expect(await screen.findByText('قيّم المتجر')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'نجمتان' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 نجوم' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نشر التقييم' })).toBeInTheDocument();
  });
});
