import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProbe, renderWithApp } from '../../../test/render';
import { fakeServer } from '../../../test/render-app';
import { OfferSlotsProvider } from './offer-slots';
import { OfferView } from './offer-view';
import { aCard, aProduct, aUser, clientWith } from './product-fixtures.test-support';
import type { Product } from '../../../../shared/schemas/products';

afterEach(() => vi.unstubAllGlobals());

function similar(products = [aCard({ id: 43, name_fr: 'Nissan Navara' })]) {
  return { 'GET /products/similar/42': () => ({ status: 200, body: { products } }) };
}

function renderView(product: Product, { me = aUser(), language = 'fr' as 'fr' | 'ar' } = {}) {
  fakeServer(similar());
  return renderWithApp(
    <Routes>
      <Route path="/" element={<OfferView product={product} />} />
      <Route path="/products/edit/:id" element={<p>formulaire</p>} />
    </Routes>,
    { queryClient: clientWith(me), language },
  );
}

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('OfferView', () => {
  it('shows the name, price, facts with translated values, more infos and the slider', async () => {
    renderView(aProduct());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Toyota Hilux 2019 (très bon état)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/1\s250\s000 MRU/)).toBeInTheDocument();
    expect(
      screen.getByText('Négociable', { selector: '.offer-view__negotiable' }),
    ).toBeInTheDocument();
    expect(fact('Catégorie')).toHaveTextContent('Véhicules');
    expect(fact('Sous-catégorie')).toHaveTextContent('Voitures');
    expect(fact('Carburant')).toHaveTextContent('Diesel');
    // Issue 20 item 4: a number field is grouped like a price.
    expect(fact('Kilométrage')).toHaveTextContent(/^168\s000 km$/);
    expect(fact('Type d’offre')).toHaveTextContent(/^Vente$/);
    expect(fact('Équipements')).toHaveTextContent('GPS, Toit ouvrant');
    // SPEC §3: the model the brand opens, under the sub-field's name.
    expect(fact('Marque')).toHaveTextContent('Toyota');
    expect(fact('Modèle')).toHaveTextContent('Hilux');
    expect(fact('État')).toHaveTextContent('Occasion');
    expect(screen.queryByText('Livraison', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nombre disponible', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('Bon état, papiers à jour.')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Nissan Navara' })).toBeInTheDocument();
  });

  it('asks for the numbers on a tap: none in the page before (issue 29 item 2)', async () => {
    const user = userEvent.setup();
    renderView(aProduct());
    const { calls } = fakeServer({
      ...similar(),
      'GET /products/42/phone': () => ({
        status: 200,
        body: {
          phones: {
            phone_1: '22334455',
            phone_2: '36667788',
            whatsapp_number: '44556677',
            second_whatsapp_number: null,
          },
        },
      }),
      'POST /products/42/events': () => ({ status: 204 }),
    });
    expect(document.querySelector('a[href^="tel:"], a[href*="wa.me"]')).toBeNull();
    expect(screen.queryByText(/22 33 44 55/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Voir le numéro' }));
    const links = await screen.findAllByRole('link', { name: /Appeler/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'tel:+22222334455',
      'tel:+22236667788',
    ]);
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/22244556677',
    );
    expect(calls.filter((c) => c.url === '/products/42/phone')).toHaveLength(1);
  });

  it('writes the numbers out for the shop staff, whose answer has them', () => {
    renderView(
      aProduct({
        shop: { ...aProduct().shop, phone_1: '22334455', first_whatsapp_number: '44556677' },
      }),
    );
    expect(screen.getByText('22 33 44 55')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir le numéro' })).toBeNull();
  });

  it('shows no call button when the shop has no number', () => {
    renderView(aProduct({ shop: { ...aProduct().shop, has_phone: false } }));
    expect(screen.queryByRole('button', { name: 'Voir le numéro' })).toBeNull();
  });

  it('shows a video with its poster until it plays', () => {
    const { container } = renderView(
      aProduct({
        pfiles: [
          {
            id: 3,
            type: 'video',
            name: 'v',
            extension: 'mp4',
            url: '/media/v.mp4',
            small_url: '/media/v.mp4',
            poster_url: '/media/v-poster.webp',
            poster_small_url: '/media/v-poster-small.webp',
          },
        ],
      }),
    );
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/v.mp4');
    expect(video).toHaveAttribute('poster', '/media/v-poster.webp');
  });

  it('names a rent once: the offer type carries its unit (issue 20 item 4)', () => {
    renderView(aProduct({ offer_type: 'monthly_rent', unit: 'month', price: 15000 }));
    expect(fact('Type d’offre')).toHaveTextContent(/^Location au mois$/);
  });

  it('shows no price where the subcategory cannot be priced', () => {
    const product = aProduct();
    renderView({ ...product, psubcategory: { ...product.psubcategory, can_be_priced: 'no' } });
    expect(screen.queryByText(/MRU/)).not.toBeInTheDocument();
    expect(screen.queryByText('Négociable', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the available number in red at zero, and the sold notice (SPEC §4)', () => {
    const product = aProduct({ number: 4, sold_count: 4 });
    renderView({ ...product, psubcategory: { ...product.psubcategory, can_be_counted: 'yes' } });
    expect(fact('Nombre disponible')).toHaveTextContent('0');
    expect(fact('Nombre disponible')).toHaveClass('offer-facts__value--none');
    expect(screen.getByText('Ce produit est vendu')).toBeInTheDocument();
  });

  it('counts what is left and says nothing of sold while some remain', () => {
    const product = aProduct({ number: 5, sold_count: 2 });
    renderView({ ...product, psubcategory: { ...product.psubcategory, can_be_counted: 'yes' } });
    expect(fact('Nombre disponible')).toHaveTextContent('3');
    expect(screen.queryByText('Ce produit est vendu')).not.toBeInTheDocument();
  });

  it('dates a professional shop’s offer by its update, others by their creation (SPEC §9)', () => {
    const product = aProduct({
      created_at: '2020-01-01T00:00:00Z',
      updated_at: new Date().toISOString(),
    });
    const { unmount } = renderView(product);
    expect(screen.getByText(/Publié/).querySelector('time')).toHaveAttribute(
      'datetime',
      '2020-01-01T00:00:00Z',
    );
    unmount();
    renderView({ ...product, shop: { ...product.shop, is_professional: true } });
    expect(screen.getByText(/Mis à jour/).querySelector('time')).toHaveTextContent('à l’instant');
  });

  it('shows the comments and commands tabs with their counts, and bodies supplied by the app', async () => {
    const user = userEvent.setup();
    fakeServer(similar([]));
    renderWithApp(
      <OfferSlotsProvider value={{ commands: (p) => <p>liste des commandes de {p.id}</p> }}>
        <OfferView product={aProduct({ comments_count: 4, commands_count: 1 })} />
      </OfferSlotsProvider>,
      { queryClient: clientWith(aUser()) },
    );
    const comments = screen.getByRole('tab', { name: 'Commentaires 4' });
    expect(comments).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('4 commentaires sur cette annonce')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Commandes 1' }));
    expect(screen.getByText('liste des commandes de 42')).toBeVisible();
    expect(await screen.findByText('Aucune annonce similaire pour l’instant')).toBeInTheDocument();
  });

  it('offers edit and delete to the shop’s staff, report to others', async () => {
    const user = userEvent.setup();
    const staff = aUser({ shops: [{ ...aUser().shops[0], id: 5, pivot: { role: 'owner' } }] });
    const { unmount } = renderView(aProduct(), { me: staff });
    expect(screen.queryByRole('button', { name: 'Signaler' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer l’offre' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Modifier l’offre' }));
    expect(screen.getByText('formulaire')).toBeInTheDocument();
    unmount();
    const employee = aUser({
      shops: [{ ...aUser().shops[0], id: 5, pivot: { role: 'employee' } }],
    });
    const second = renderView(aProduct(), { me: employee });
    expect(screen.getByRole('link', { name: 'Modifier l’offre' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer l’offre' })).not.toBeInTheDocument();
    second.unmount();
    renderView(aProduct());
    expect(screen.getByRole('button', { name: 'Signaler' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier l’offre' })).not.toBeInTheDocument();
  });

  it('after a delete, says so on the home page and asks nothing more of the offer (issue 20 items 9, 17)', async () => {
    const user = userEvent.setup();
    const staff = aUser({ shops: [{ ...aUser().shops[0], id: 5, pivot: { role: 'owner' } }] });
    const { calls } = fakeServer({
      ...similar(),
      'DELETE /products/42': () => ({ status: 200, body: {} }),
    });
    renderWithApp(
      <Routes>
        <Route path="/products/product/42" element={<OfferView product={aProduct()} />} />
        <Route path="/" element={<NoticeProbe />} />
      </Routes>,
      { queryClient: clientWith(staff), path: '/products/product/42' },
    );
    await screen.findByRole('article', { name: 'Nissan Navara' });
    const asked = calls.filter((call) => call.url === '/products/similar/42').length;
    await user.click(screen.getByRole('button', { name: 'Supprimer l’offre' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('notice_offer_deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/products/similar/42')).toHaveLength(asked);
  });

  it('switches the slider to the original images after the first change', async () => {
    const user = userEvent.setup();
    renderView(aProduct());
    const current = () =>
      within(document.querySelector<HTMLElement>('.slider__slide--current')!).getByRole('img', {
        name: /Toyota/,
      });
    // The first slide is the page's main image: the small file alone (SPEC §4), its size given,
    // loaded at once and first (issue 16 item 4).
    expect(current().getAttribute('src')).toMatch(/-small\.webp$/);
    expect(current()).not.toHaveAttribute('srcset');
    expect(current()).toHaveAttribute('width', '480');
    expect(current()).toHaveAttribute('height', '360');
    expect(current()).toHaveAttribute('loading', 'eager');
    expect(current()).toHaveAttribute('fetchpriority', 'high');
    await user.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    // Then the original, or the small one where the browser finds it sharp enough.
    const second = current();
    expect(second.getAttribute('src')).toMatch(/\/media\/[ab]\.webp$/);
    const name = /\/media\/([ab])\.webp$/.exec(second.getAttribute('src')!)![1];
    expect(second).toHaveAttribute(
      'srcset',
      `/media/${name}-small.webp 480w, /media/${name}.webp 1600w`,
    );
    expect(second).toHaveAttribute('sizes', '(min-width: 1024px) 55vw, 100vw');
    expect(second).toHaveAttribute('width', '1600');
    expect(second).toHaveAttribute('height', '1200');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('decoding', 'async');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('reads in Arabic', () => {
    renderView(aProduct(), { language: 'ar' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'تويوتا هيلوكس 2019' }),
    ).toBeInTheDocument();
    expect(fact('الفئة')).toHaveTextContent('مركبات');
    expect(screen.getByText('بحالة جيدة')).toHaveAttribute('dir', 'rtl');
  });
});

const yearField = {
  id: 12,
  name: 'model_year',
  name_ar: null,
  name_fr: null,
  translated: 'no' as const,
  type: 'number' as const,
  mesure_unit: '',
  position: 'first' as const,
  values: '[]',
  pivot: { value: '2012', sub_value: null },
};

describe.each([
  {
    language: 'fr' as const,
    year: 'Année',
    mileage: 'Kilométrage',
    offerType: 'Type d’offre',
    demandType: 'Type de demande',
    condition: 'État',
    delivery: 'Livraison',
    negotiable: 'Négociable',
    similar: 'Demandes similaires',
    budget: /^Budget : 1\s250\s000 MRU/,
    rentedOut: 'Cette offre est entièrement louée',
    sold: 'Ce produit est vendu',
  },
  {
    language: 'ar' as const,
    year: 'سنة الصنع',
    mileage: 'المسافة المقطوعة',
    offerType: 'نوع العرض',
    demandType: 'نوع الطلب',
    condition: 'الحالة',
    delivery: 'التوصيل',
    negotiable: 'قابل للتفاوض',
    similar: 'طلبات مشابهة',
    budget: /^الميزانية: 1,250,000/,
    rentedOut: 'هذا العرض مؤجَّر بالكامل',
    sold: 'تم بيع هذا المنتج',
  },
])('OfferView in $language (issue 35 items 4, 5, 6)', (words) => {
  it('groups a quantity, never a year', () => {
    const product = aProduct();
    renderView({ ...product, pfields: [...product.pfields, yearField] }, words);
    expect(fact(words.year)).toHaveTextContent(/^2012$/);
    expect(fact(words.mileage)).toHaveTextContent(/^168[\s,]000 /);
  });

  it('says a rent offer with none left is rented out, not sold', () => {
    // Issue 32 item 7: its rents end; it is out for good only when its owner says so.
    const product = aProduct({
      offer_type: 'monthly_rent',
      unit: 'month',
      number: 2,
      sold_count: 2,
      sold: true,
    });
    renderView(
      { ...product, psubcategory: { ...product.psubcategory, can_be_counted: 'yes' } },
      words,
    );
    expect(screen.getByText(words.rentedOut)).toBeInTheDocument();
    expect(screen.queryByText(words.sold)).not.toBeInTheDocument();
  });

  it('words a demand as a demand, its price as a budget, and hides flags it never set', async () => {
    const product = aProduct({
      type: 'demand',
      offer_type: 'buy',
      used: 'no',
      delivery: 'no',
      negotiable: 'no',
    });
    renderView(
      { ...product, psubcategory: { ...product.psubcategory, can_be_delivered: 'yes' } },
      words,
    );
    expect(fact(words.demandType)).toBeInTheDocument();
    expect(screen.queryByText(words.offerType, { selector: 'dt' })).not.toBeInTheDocument();
    for (const label of [words.condition, words.delivery, words.negotiable]) {
      expect(screen.queryByText(label, { selector: 'dt' })).not.toBeInTheDocument();
    }
    expect(document.querySelector('.offer-view__price')).toHaveTextContent(words.budget);
    expect(await screen.findByRole('heading', { name: words.similar })).toBeInTheDocument();
  });

  it('shows a flag a demand did set', () => {
    const product = aProduct({ type: 'demand', offer_type: 'buy', used: 'yes' });
    renderView(product, words);
    expect(fact(words.condition)).toBeInTheDocument();
  });
});
