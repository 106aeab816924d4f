import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';
import { aCard, catalogHandlers, pageOf } from './test-support';

// Pages load their code on first visit; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const anonymous = { 'GET /users/me': () => ({ status: 200, body: { user: null } }) };
const signedIn = { 'GET /users/me': () => ({ status: 200, body: { user: aUser() } }) };

const hilux = aCard({ id: 1, name_fr: 'Toyota Hilux 2016', name_ar: 'تويوتا هيلوكس 2016' });
const prado = aCard({ id: 2, name_fr: 'Location Toyota Prado', name_ar: 'تأجير تويوتا برادو' });

function answer(page: ReturnType<typeof pageOf>): Handler {
  return () => ({ status: 200, body: { products: page } });
}

const bodies = (calls: { method: string; url: string; body: unknown }[], url: string) =>
  calls.filter((c) => c.method === 'POST' && c.url === url).map((c) => c.body);

describe('/search', { timeout: 15_000 }, () => {
  it('runs the search the URL describes and shows its results', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(pageOf([hilux, prado], 1, 42)),
    });
    renderApp('/search?name=toyota&mode=advanced&min_price=1000&used=no&page=1');
    // The first visit loads the page's code.
    expect(
      await screen.findByRole('heading', { name: 'Toyota Hilux 2016' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(bodies(calls, '/products/all/0/search')).toEqual([
      { page: 1, type: 'offer', name: 'toyota', min_price: '1000', used: 'no' },
    ]);
    // The panel shows the search it ran.
    expect(screen.getByRole('searchbox', { name: 'Mots-clés' })).toHaveValue('toyota');
    expect(screen.getByRole('textbox', { name: 'Prix minimum' })).toHaveValue('1000');
    expect(screen.getByRole('button', { name: 'Avancée' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('42 résultats')).toBeInTheDocument();
    // Page links keep the search.
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/search?name=toyota&mode=advanced&min_price=1000&used=no&page=2',
    );
    expect(screen.getByRole('link', { name: 'Demandes' })).toHaveAttribute(
      'href',
      '/search?name=toyota&type=demand&mode=advanced&min_price=1000&used=no',
    );
  });

  it('a new search goes into the URL', async () => {
    fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(pageOf([hilux])),
    });
    const { router } = renderApp('/search');
    const box = await screen.findByRole('searchbox', { name: 'Mots-clés' });
    const user = userEvent.setup();
    await user.type(box, 'تويوتا');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?name=${encodeURIComponent('تويوتا')}`),
    );
  });

  it('shows the server’s 422 under its field, and no results', async () => {
    fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': () => ({
        status: 422,
        body: { errors: { min_price: ['bad_input'] } },
      }),
    });
    renderApp('/search?mode=advanced&min_price=0');
    const min = await screen.findByRole('textbox', { name: 'Prix minimum' });
    await waitFor(() => expect(min).toHaveAccessibleDescription(/Valeur incorrecte/));
    expect(screen.queryByText('Aucun résultat')).not.toBeInTheDocument();
  });

  it('says when a correction or a translation found the offers, with a link to the exact words', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': () => ({
        status: 200,
        body: {
          products: pageOf([hilux]),
          interpreted: { corrected: 'toyota', translated: false },
        },
      }),
    });
    renderApp('/search?name=toyata&sort=price_asc');
    expect(
      await screen.findByText('Résultats pour « toyota »', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Chercher exactement «\u00a0toyata\u00a0»' }),
    ).toHaveAttribute('href', '/search?name=toyata&sort=price_asc&exact=yes');
    expect(screen.getByText('Prix croissant', { selector: '.results__order' })).toBeInTheDocument();
    expect(bodies(calls, '/products/all/0/search')).toEqual([
      { page: 1, type: 'offer', name: 'toyata', sort: 'price_asc' },
    ]);
  });

  it('says in Arabic when a translation found the offers', async () => {
    fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': () => ({
        status: 200,
        body: { products: pageOf([hilux]), interpreted: { corrected: null, translated: true } },
      }),
    });
    renderApp('/search?name=voiture', 'ar');
    expect(
      await screen.findByText(
        'نتائج «voiture» مع ترجماتها وكتاباتها الأخرى',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(pageOf([])),
    });
    renderApp('/search?name=zzzz', 'ar');
    expect(await screen.findByText('لا توجد نتائج', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows 1000+ when the server stopped counting', async () => {
    fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(pageOf([hilux], 1, 1000)),
    });
    renderApp('/search?name=a');
    expect(await screen.findByText(/Plus de 1\s000 résultats/)).toBeInTheDocument();
  });

  it('a search by distance sends the position of the URL and shows how far each offer is', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(
        pageOf([
          { ...prado, distance_km: 0.044 },
          { ...hilux, distance_km: 2.345 },
          { ...aCard({ id: 3 }), distance_km: 12.6 },
        ]),
      ),
    });
    renderApp('/search?mode=advanced&distance=5&latitude=18.09&longitude=-15.97');
    expect(await screen.findByText('à 2,3 km', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('à 40 m')).toBeInTheDocument();
    expect(screen.getByText('à 13 km')).toBeInTheDocument();
    expect(screen.getByText('Les plus proches d’abord')).toBeInTheDocument();
    expect(bodies(calls, '/products/all/0/search')[0]).toEqual({
      page: 1,
      type: 'offer',
      latitude: 18.09,
      longitude: -15.97,
      distance: '5',
    });
  });
});

describe('/market', { timeout: 15_000 }, () => {
  it('lists offers or demands, newest first, a page at a time', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      'POST /products/all/0/search': answer(pageOf([hilux], 2, 45)),
    });
    renderApp('/market?type=demand&page=2');
    expect(await screen.findByRole('heading', { name: 'Toyota Hilux 2016' })).toBeInTheDocument();
    expect(bodies(calls, '/products/all/0/search')).toEqual([{ type: 'demand', page: 2 }]);
    expect(screen.getByRole('link', { name: 'Demandes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Offres' })).toHaveAttribute('href', '/market');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/market?type=demand&page=3',
    );
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/market?type=demand',
    );
  });

  it('a card opens the offer details modal, and the list stays', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      'POST /products/all/0/search': answer(pageOf([hilux])),
    });
    const { router } = renderApp('/market');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('heading', { name: 'Toyota Hilux 2016' }));
    expect(await screen.findByRole('dialog', { name: 'Détails de l’annonce' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/products/product/1')).toBe(true));
    expect(router.state.location.pathname).toBe('/market');
  });

  it('says when there is nothing yet', async () => {
    fakeServer({ ...anonymous, 'POST /products/all/0/search': answer(pageOf([])) });
    renderApp('/market');
    expect(await screen.findByText('Aucune offre pour l’instant')).toBeInTheDocument();
  });
});

describe('/saved', { timeout: 15_000 }, () => {
  it('sends a visitor to sign in first, and back here afterwards', async () => {
    fakeServer(anonymous);
    const { router } = renderApp('/saved?type=demand');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/login?next=${encodeURIComponent('/saved?type=demand')}`,
      ),
    );
  });

  it('lists the saves; removing one (confirmed) takes its card away', async () => {
    let saved = [hilux, prado].map((p) => ({ ...p, saved: true }));
    const { calls } = fakeServer({
      ...signedIn,
      'POST /products/favorites/paginate': () => ({
        status: 200,
        body: { products: pageOf(saved) },
      }),
      'GET /products/favorite/remove/1': () => {
        saved = saved.filter((p) => p.id !== 1);
        return { status: 200, body: { saved: false, saved_count: 1 } };
      },
    });
    renderApp('/saved');
    const card = await screen.findByRole('article', { name: 'Toyota Hilux 2016' });
    expect(bodies(calls, '/products/favorites/paginate')[0]).toEqual({ page: 1, type: 'offer' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Retirer des sauvegardés/ }));
    await user.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Toyota Hilux 2016' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Location Toyota Prado' })).toBeInTheDocument();
  });

  it('says when nothing is saved', async () => {
    fakeServer({
      ...signedIn,
      'POST /products/favorites/paginate': () => ({ status: 200, body: { products: pageOf([]) } }),
    });
    renderApp('/saved');
    expect(await screen.findByText('Vous n’avez encore rien sauvegardé')).toBeInTheDocument();
  });
});

describe('category views', { timeout: 15_000 }, () => {
  it('a category: its name, its subcategories, its offers', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/all/0/search': answer(pageOf([hilux])),
    });
    renderApp('/categories/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Véhicules' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Motos' })).toHaveAttribute(
      'href',
      '/categories/1/subcategories/2',
    );
    await screen.findByRole('heading', { name: 'Toyota Hilux 2016' });
    expect(bodies(calls, '/products/all/0/search')).toEqual([
      { type: 'offer', page: 1, pcategory_id: 1 },
    ]);
  });

  it('a subcategory: the search with source psubcategory', async () => {
    const { calls } = fakeServer({
      ...anonymous,
      ...catalogHandlers,
      'POST /products/psubcategory/2/search': answer(pageOf([])),
    });
    renderApp('/categories/1/subcategories/2?type=demand');
    expect(await screen.findByRole('heading', { level: 1, name: 'Motos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Véhicules' })).toHaveAttribute(
      'href',
      '/categories/1',
    );
    expect(
      await screen.findByText('Aucune demande dans cette catégorie pour l’instant'),
    ).toBeInTheDocument();
    expect(bodies(calls, '/products/psubcategory/2/search')).toEqual([{ type: 'demand', page: 1 }]);
  });

  it('an unknown category or subcategory says so', async () => {
    fakeServer({ ...anonymous, ...catalogHandlers });
    const { unmount } = renderApp('/categories/99');
    expect(await screen.findByText('Cette catégorie n’existe pas')).toBeInTheDocument();
    unmount();
    renderApp('/categories/1/subcategories/99');
    expect(await screen.findByText('Cette catégorie n’existe pas')).toBeInTheDocument();
  });
});
