import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rating } from '../../../../shared/schemas/ratings';
import { renderWithApp } from '../../../test/render';
import { aUser } from '../../../test/render-app';
import { aPage, aShop } from '../test-fixtures';
import { ShopReviews } from './shop-reviews';

// Issue 32 item 5: the shop page's reviews tab: the average, each rating with its stars, words
// and the shop's answer; the one-time answer form for the shop's staff only; report for anyone
// signed in but the rating's author; in both languages.

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const buyer = (id: number, first: string) => ({
  id,
  first_name: first,
  last_name: 'Sall',
  photo: null,
  photo_url: null,
  photo_small_url: null,
});
const aRating = (id: number, overrides: Partial<Rating> = {}): Rating => ({
  id,
  shop_id: 11,
  product_id: 40,
  stars: 5,
  text: null,
  user: buyer(30 + id, `Acheteur${id}`),
  answer: null,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  ...overrides,
});

const answered = aRating(1, {
  stars: 4,
  text: 'Livraison rapide',
  answer: { text: 'Merci à vous !', created_at: new Date().toISOString() },
});
const open = aRating(2, { stars: 2, text: 'Pièce un peu usée' });
const shop = aShop({ id: 11, rating_average: 3, rating_count: 2 });

/** GET /shops/11/ratings answers `pages()` (called each time); POST answers `post`. */
function stubServer(pages: () => Rating[], post: () => Response = () => json({})) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') return json({ ratings: aPage(pages()) });
    return post();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = (props: { isStaff?: boolean; me?: ReturnType<typeof aUser> | null }, lang?: 'ar') =>
  renderWithApp(
    <ShopReviews
      shop={shop}
      me={props.me ?? null}
      isStaff={props.isStaff ?? false}
      page={1}
      hrefFor={(page) => `/shops/shop/11?tab=reviews&page=${page}`}
    />,
    { language: lang ?? 'fr' },
  );
const review = (stars: string) => screen.getByRole('article', { name: stars });

// The first render loads the dictionaries: slow on a busy machine.
describe('ShopReviews', { timeout: 15_000 }, () => {
  it('shows the average, each rating with its author, stars, words and the shop’s answer', async () => {
    stubServer(() => [answered, open]);
    render({});
    await screen.findByText('Livraison rapide');
    expect(screen.getByRole('img', { name: '3 sur 5, 2 avis' })).toBeInTheDocument();
    const first = review('4 étoiles');
    expect(within(first).getByRole('link', { name: 'Acheteur1 Sall' })).toHaveAttribute(
      'href',
      '/users/user/31',
    );
    expect(within(first).getByRole('img', { name: '4 étoiles' })).toBeInTheDocument();
    expect(within(first).getByText('Réponse de la boutique')).toBeInTheDocument();
    expect(within(first).getByText('Merci à vous !')).toBeInTheDocument();
    expect(within(review('2 étoiles')).getByText('Pièce un peu usée')).toBeInTheDocument();
    // A visitor: no answer form, no report.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Signaler/ })).not.toBeInTheDocument();
  });

  it('gives the shop’s staff the answer form on unanswered ratings only, and sends it once', async () => {
    const user = userEvent.setup();
    let sent = false;
    const fetchMock = stubServer(
      () =>
        sent
          ? [answered, { ...open, answer: { text: 'Nous la changeons.', created_at: '' } }]
          : [answered, open],
      () => {
        sent = true;
        return json({ rating: open });
      },
    );
    render({ isStaff: true, me: aUser({ id: 7 }) });
    await screen.findByText('Livraison rapide');
    expect(within(review('4 étoiles')).queryByRole('textbox')).not.toBeInTheDocument();
    const form = review('2 étoiles');
    const box = within(form).getByLabelText('Répondre à cet avis (une seule fois)');
    // Blank: nothing is sent.
    await user.type(box, '   ');
    await user.click(within(form).getByRole('button', { name: 'Publier la réponse' }));
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);

    await user.clear(box);
    await user.type(box, 'Nous la changeons.');
    await user.click(within(form).getByRole('button', { name: 'Publier la réponse' }));
    await waitFor(() => expect(screen.getByText('Nous la changeons.')).toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/ratings/2/answer');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Nous la changeons.' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the refusal of a second answer', async () => {
    const user = userEvent.setup();
    stubServer(
      () => [open],
      () => json({ errors: { global: ['already_answered'] } }, 422),
    );
    render({ isStaff: true, me: aUser({ id: 7 }) });
    await user.type(await screen.findByLabelText('Répondre à cet avis (une seule fois)'), 'Encore');
    await user.click(screen.getByRole('button', { name: 'Publier la réponse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La boutique a déjà répondu à cet avis.',
    );
  });

  it('lets anyone signed in report a rating, but not its author', async () => {
    stubServer(() => [answered, open]);
    // The author of the second rating.
    render({ me: aUser({ id: 32 }) });
    await screen.findByText('Livraison rapide');
    expect(
      within(review('4 étoiles')).getByRole('button', { name: 'Signaler l’avis' }),
    ).toBeEnabled();
    expect(within(review('2 étoiles')).queryByRole('button', { name: /Signaler/ })).toBeNull();
  });

  it('says when nobody rated the shop yet', async () => {
    stubServer(() => []);
    renderWithApp(
      <ShopReviews
        shop={aShop({ id: 11 })}
        me={null}
        isStaff={false}
        page={1}
        hrefFor={() => ''}
      />,
    );
    expect(await screen.findByText(/Personne n’a encore noté cette boutique/)).toBeInTheDocument();
    expect(screen.getByText('Pas encore d’avis')).toBeInTheDocument();
  });

  it('speaks Arabic: the average, the stars, the answer and its form', async () => {
    stubServer(() => [answered, open]);
    render({ isStaff: true, me: aUser({ id: 7 }) }, 'ar');
    await screen.findByText('Livraison rapide');
    expect(screen.getByRole('img', { name: '3 من 5، تقييمان' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '4 نجوم' })).toBeInTheDocument();
    expect(screen.getByText('ردّ المتجر')).toBeInTheDocument();
    expect(screen.getByLabelText('ردّ على هذا التقييم (مرة واحدة)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نشر الرد' })).toBeInTheDocument();
  });
});
