import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Handler } from '../../../test/render-app';
import { renderWithApp } from '../../../test/render';
import { aCard, catalogHandlers, pageOf } from '../test-support';
import { CategoriesTab } from './categories-tab';

// The categories tab fetches what comes near the screen only: an IntersectionObserver stands in
// for scrolling, and the test says which elements are "visible".

class FakeObserver {
  static all: FakeObserver[] = [];
  elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  /** The element came near the screen. */
  static show(element: Element) {
    for (const observer of FakeObserver.all) {
      if (!observer.elements.has(element)) continue;
      const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
      act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
    }
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const offers = (subcategoryId: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    aCard({
      id: subcategoryId * 100 + i,
      name_fr: `Offre ${subcategoryId}-${i}`,
      psubcategory_id: subcategoryId,
    }),
  );

function serve(bySubcategory: Record<number, number>) {
  const handlers: Record<string, Handler> = { ...catalogHandlers };
  for (const [id, count] of Object.entries(bySubcategory)) {
    handlers[`POST /products/psubcategory/${id}/search`] = () => ({
      status: 200,
      body: { products: pageOf(offers(Number(id), count)) },
    });
  }
  handlers['GET /users/me'] = () => ({ status: 200, body: { user: null } });
  return fakeServer(handlers);
}

const requested = (calls: { method: string; url: string }[]) =>
  calls.map((c) => `${c.method} ${c.url}`).filter((c) => !c.includes('/users/me'));

describe('the categories tab', { timeout: 15_000 }, () => {
  it('asks for nothing below the screen until it comes near', async () => {
    const { calls } = serve({ 1: 3, 2: 0, 3: 2, 10: 1, 11: 0 });
    renderWithApp(<CategoriesTab />);
    const vehicles = await screen.findByRole('region', { name: 'Véhicules' });
    // The catalogue's labels: a key translated, or the admin's own label for the language.
    expect(screen.getByRole('link', { name: 'Image et son' })).toHaveAttribute(
      'href',
      '/categories/3',
    );
    expect(requested(calls)).toEqual(['GET /pcategories/all']);

    FakeObserver.show(vehicles);
    const cars = await screen.findByRole('region', { name: 'Voitures' });
    expect(requested(calls)).toEqual(['GET /pcategories/all', 'GET /psubcategories/pcategory/1']);

    // One row near the screen: one search, for that subcategory, a short page of offers.
    FakeObserver.show(cars);
    await within(cars).findByRole('list', { name: 'Voitures' });
    expect(requested(calls).slice(2)).toEqual(['POST /products/psubcategory/1/search']);
    const search = calls.find((c) => c.url === '/products/psubcategory/1/search')!;
    expect(search.body).toEqual({ type: 'offer', page: 1, page_size: 10 });
    expect(within(cars).getAllByRole('article')).toHaveLength(3);
    expect(within(cars).getByRole('link', { name: /Voitures/ })).toHaveAttribute(
      'href',
      '/categories/1/subcategories/1',
    );
  });

  it('an empty subcategory takes no room; a category with none says so', async () => {
    serve({ 1: 1, 2: 0, 3: 0, 10: 0, 11: 0 });
    renderWithApp(<CategoriesTab />);
    const realEstate = await screen.findByRole('region', { name: 'Immobilier' });
    FakeObserver.show(realEstate);
    const apartments = await screen.findByRole('region', { name: 'Appartements' });
    const houses = screen.getByRole('region', { name: 'Maisons' });
    FakeObserver.show(apartments);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Appartements' })).not.toBeInTheDocument(),
    );
    expect(within(realEstate).queryByText(/Aucune offre/)).not.toBeInTheDocument();
    FakeObserver.show(houses);
    expect(
      await within(realEstate).findByText('Aucune offre dans cette catégorie pour l’instant'),
    ).toBeInTheDocument();
  });

  it('loads at once where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { calls } = serve({ 1: 1, 2: 1, 3: 1, 10: 1, 11: 1, 20: 1 });
    renderWithApp(<CategoriesTab />);
    await screen.findByRole('region', { name: 'Téléphones' });
    await waitFor(() =>
      expect(requested(calls).filter((c) => c.startsWith('POST'))).toHaveLength(6),
    );
  });
});
