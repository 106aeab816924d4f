import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeServer } from '../../../test/render-app';
import { CardIslands } from './card-islands';
import { OfferCard } from './offer-card';
import { aCard, aUser, clientWith } from './product-fixtures.test-support';

afterEach(() => vi.unstubAllGlobals());

function renderCard(
  card = aCard(),
  {
    me = aUser(),
    language = 'fr' as const,
    onOpen,
  }: {
    me?: ReturnType<typeof aUser> | null;
    language?: 'fr' | 'ar';
    onOpen?: () => void;
  } = {},
) {
  return renderWithApp(
    <Routes>
      <Route path="/" element={<OfferCard product={card} onOpen={onOpen} />} />
      <Route path="/products/product/:id" element={<p>page du produit</p>} />
      <Route path="/login" element={<p>page de connexion</p>} />
    </Routes>,
    { queryClient: clientWith(me), language },
  );
}

describe('OfferCard', () => {
  it('makes its buttons islands with the least of the card, only under a page that says so', () => {
    const card = aCard();
    const { container, unmount } = renderWithApp(
      <CardIslands.Provider value={true}>
        <OfferCard product={card} />
      </CardIslands.Provider>,
      { queryClient: clientWith(aUser()) },
    );
    const islands = [...container.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => island.dataset.island)).toEqual(['card-tools', 'card-footer']);
    expect(JSON.parse(islands[0].dataset.props!)).toEqual({
      offer: { id: card.id, shopId: card.shop.id, hasPhone: true, reported: false },
    });
    const footer = JSON.parse(islands[1].dataset.props!) as { offer: Record<string, unknown> };
    expect(Object.keys(footer.offer).sort()).toEqual([
      'counts',
      'id',
      'reaction',
      'saved',
      'savedCount',
    ]);
    // The buttons are inside their islands.
    expect(within(islands[1]).getByRole('button', { name: /Sauvegarder/ })).toBeInTheDocument();
    expect(within(islands[0]).getByRole('button', { name: 'Voir le numéro' })).toBeInTheDocument();
    unmount();

    // Elsewhere (the saved list, the market…) the card hydrates with its page.
    renderCard(card);
    expect(document.querySelector('[data-island]')).toBeNull();
    expect(document.querySelector('.offer-card__footer')).not.toBeNull();
  });

  it('shows the shop, date, name in the page language, image, price, mark, save and reactions', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Toyota Hilux 2019 (très bon état)' });
    expect(within(card).getByRole('link', { name: /Garage Sahel/ })).toHaveAttribute(
      'href',
      '/shops/shop/5',
    );
    expect(within(card).getByText('il y a 3 heures')).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: 'Toyota Hilux 2019 (très bon état)' });
    expect(image).toHaveAttribute('src', '/media/0123456789abcdef0123456789abcdef-small.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    // Both files with their widths; a card is a 300 px cell, or the page's width on a phone.
    expect(image).toHaveAttribute(
      'srcset',
      '/media/0123456789abcdef0123456789abcdef-small.webp 480w, /media/0123456789abcdef0123456789abcdef.webp 2048w',
    );
    expect(image).toHaveAttribute('sizes', '(min-width: 600px) 300px, calc(100vw - 2rem)');
    expect(image).toHaveAttribute('width', '2048');
    expect(image).toHaveAttribute('height', '1536');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(within(card).getByText(/1\s250\s000 MRU/)).toBeInTheDocument();
    expect(within(card).getByText('Disponible')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: /Sauvegarder \(Sauvegardé par 2 personnes\)/ }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Réagir' })).toBeInTheDocument();
    // Lists carry no numbers (issue 19 item 5): the button asks for them.
    expect(within(card).getByRole('button', { name: 'Voir le numéro' })).toBeInTheDocument();
    expect(within(card).queryByText(/22 33 44 55/)).not.toBeInTheDocument();
  });

  it('loads the image of one of the first cards at once and first; without sizes, one file', () => {
    renderWithApp(
      <>
        <OfferCard product={aCard()} eager />
        <OfferCard
          product={{ ...aCard(), id: 43, name_fr: 'Sans taille', image_file: undefined }}
        />
      </>,
      { queryClient: clientWith(aUser()) },
    );
    const first = screen.getByRole('img', { name: 'Toyota Hilux 2019 (très bon état)' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    // A card from an older answer: the small file in the 4:3 box.
    const older = screen.getByRole('img', { name: 'Sans taille' });
    expect(older).not.toHaveAttribute('srcset');
    expect(older).toHaveAttribute('width', '480');
    expect(older).toHaveAttribute('height', '360');
  });

  it('asks for the numbers on the call button, then offers call and WhatsApp links', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      'GET /products/7/phone': () => ({
        status: 200,
        body: { phones: { phone_1: '22334455', phone_2: null, whatsapp_number: '33445566' } },
      }),
      'POST /products/7/events': () => ({ status: 204 }),
    });
    renderCard(aCard({ id: 7 }), { language: 'ar' });
    await user.click(screen.getByRole('button', { name: 'عرض الرقم' }));
    const call = await screen.findByRole('link', { name: /اتصال/ });
    expect(call).toHaveAttribute('href', 'tel:+22222334455');
    const whatsapp = screen.getByRole('link', { name: /واتساب/ });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/22233445566');
    expect(calls.filter((c) => c.url === '/products/7/phone')).toHaveLength(1);
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    await user.click(whatsapp);
    const event = calls.find((c) => c.url === '/products/7/events');
    expect(event).toMatchObject({ method: 'POST', body: { kind: 'whatsapp' } });
    expect(event?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    // Asked once per visit: opening the menu again asks nothing more.
    await user.click(screen.getByRole('button', { name: 'عرض الرقم' }));
    expect(calls.filter((c) => c.url === '/products/7/phone')).toHaveLength(1);
  });

  it('says when the server refuses more numbers (429)', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /products/8/phone': () => ({
        status: 429,
        body: { errors: { global: ['too_many_attempts'] } },
      }),
    });
    renderCard(aCard({ id: 8 }));
    await user.click(screen.getByRole('button', { name: 'Voir le numéro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Trop de tentatives/);
  });

  it('shows no call button when the shop has no number', () => {
    renderCard(aCard({ shop: { ...aCard().shop, has_phone: false } }));
    expect(screen.queryByRole('button', { name: 'Voir le numéro' })).not.toBeInTheDocument();
  });

  it('falls back to the other language, then to the plain name', () => {
    const { unmount } = renderCard(aCard({ name_fr: null }));
    expect(screen.getByRole('heading', { name: 'تويوتا هيلوكس 2019' })).toHaveAttribute(
      'dir',
      'rtl',
    );
    unmount();
    renderCard(aCard({ name_ar: null, name_fr: null }), { language: 'ar' });
    expect(screen.getByRole('heading', { name: 'Toyota Hilux 2019' })).toHaveAttribute(
      'dir',
      'ltr',
    );
  });

  it('shows a rent with its unit and no price when there is none', () => {
    const { unmount } = renderCard(
      aCard({ price: 15000, unit: 'month', offer_type: 'monthly_rent' }),
    );
    expect(screen.getByText(/15\s000 MRU \/ mois/)).toBeInTheDocument();
    unmount();
    renderCard(aCard({ price: null }));
    expect(screen.queryByText(/MRU/)).not.toBeInTheDocument();
  });

  it('marks a sold-out offer in red and counts what is left', () => {
    const { unmount } = renderCard(aCard({ number: 5, sold_count: 5 }));
    expect(screen.getByText('Épuisé')).toHaveClass('offer-card__mark--sold');
    unmount();
    renderCard(aCard({ number: 5, sold_count: 2 }));
    expect(screen.getByText('3 disponibles')).toHaveClass('offer-card__mark--available');
  });

  it('says when a rented-out offer is free again, in both languages (issue 32 item 7)', () => {
    const rentedOut = aCard({
      offer_type: 'monthly_rent',
      unit: 'month',
      number: 2,
      sold_count: 2,
      available_number: 0,
      available_from: '2031-04-10T09:00:00.000Z',
    });
    const { unmount } = renderCard(rentedOut);
    expect(screen.getByText('Disponible à partir du 10 avril 2031')).toHaveClass(
      'offer-card__mark--sold',
    );
    expect(screen.queryByText('Disponible')).not.toBeInTheDocument();
    unmount();
    const arabic = renderCard(rentedOut, { language: 'ar' });
    expect(screen.getByText(/^متاح ابتداءً من /)).toHaveClass('offer-card__mark--sold');
    arabic.unmount();
    // An hourly rent says the hour; a rent with a unit free says how many, not a date.
    const hourly = renderCard(
      aCard({
        offer_type: 'hourly_rent',
        unit: 'hour',
        number: 1,
        sold_count: 4,
        available_number: 0,
        available_from: '2031-04-10T14:00:00.000Z',
      }),
    );
    expect(screen.getByText(/^Disponible à partir du 10 avril 2031.*14:00/)).toBeInTheDocument();
    hourly.unmount();
    renderCard(aCard({ ...rentedOut, available_number: 1, available_from: null }));
    expect(screen.getByText('Disponible')).toHaveClass('offer-card__mark--available');
    expect(screen.queryByText(/à partir du/)).not.toBeInTheDocument();
  });

  it('says a demand is wanted, not available (issue 20 item 5)', () => {
    const { unmount } = renderCard(aCard({ type: 'demand', number: 3 }));
    expect(screen.getByText('Recherché')).toHaveClass('offer-card__mark--available');
    expect(screen.queryByText(/disponible/)).not.toBeInTheDocument();
    unmount();
    renderCard(aCard({ type: 'demand', number: 1 }), { language: 'ar' });
    expect(screen.getByText('مطلوب')).toBeInTheDocument();
    expect(screen.queryByText(/متوفر/)).not.toBeInTheDocument();
  });

  it('opens the details through onOpen, or links to the product page without it', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const { unmount } = renderCard(aCard(), { onOpen });
    await user.click(screen.getByRole('heading', { name: /Toyota/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
    expect(screen.queryByText('page du produit')).not.toBeInTheDocument();
    unmount();
    renderCard();
    await user.click(screen.getByRole('img', { name: /Toyota/ }));
    expect(screen.getByText('page du produit')).toBeInTheDocument();
  });

  it('offers report in its menu, hidden for the shop staff', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Options de l’annonce' }));
    expect(screen.getByRole('button', { name: 'Signaler' })).toBeInTheDocument();
    unmount();
    const staff = aUser({
      shops: [{ ...aUser().shops[0], id: 5, pivot: { role: 'employee' } }],
    });
    renderCard(aCard(), { me: staff });
    expect(screen.queryByRole('button', { name: 'Options de l’annonce' })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor who reports to sign in', async () => {
    const user = userEvent.setup();
    renderCard(aCard(), { me: null });
    await user.click(screen.getByRole('button', { name: 'Options de l’annonce' }));
    await user.click(screen.getByRole('button', { name: 'Signaler' }));
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    renderCard(aCard({ type: 'demand', sold: true }), { language: 'ar' });
    expect(screen.getByText('طلب')).toBeInTheDocument();
    expect(screen.getByText('تمت تلبيته')).toBeInTheDocument();
    // Issue 35 item 6: what a demand names is its budget.
    expect(screen.getByText('الميزانية: 1,250,000 أوقية جديدة')).toBeInTheDocument();
  });

  it('names a demand’s price as its budget in French too, and an offer’s as a price', () => {
    renderCard(aCard({ type: 'demand' }));
    expect(screen.getByText(/^Budget : 1\s250\s000 MRU$/)).toBeInTheDocument();
  });

  it.each([
    { language: 'fr' as const, mark: 'Tout est loué' },
    { language: 'ar' as const, mark: 'مؤجَّر بالكامل' },
  ])('marks a rent offer with none left as rented out in $language (issue 35 item 5)', (words) => {
    renderCard(aCard({ offer_type: 'monthly_rent', unit: 'month', sold: true }), words);
    expect(screen.getByText(words.mark)).toBeInTheDocument();
  });
});
