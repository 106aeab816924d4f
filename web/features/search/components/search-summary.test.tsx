import { configure, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../../test/render-app';
import { catalogHandlers, pageOf } from '../test-support';
import { readSearch } from '../search-state';
import { hasCriteria } from './search-box';

// Issue 35 items 7 and 16: a search's summary names every criterion, in both languages; the search
// page folds its form to it once a search is made (on phones, by CSS: search-box.css).

configure({ asyncUtilTimeout: 5000 });

const anonymous = { 'GET /users/me': () => ({ status: 200, body: { user: null } }) };
const results = {
  'POST /products/all/0/search': () => ({ status: 200, body: { products: pageOf([]) } }),
};
const everything =
  '/search?name=hilux&type=demand&mode=advanced&pcategory_id=1&psubcategory_id=1' +
  '&min_price=1000000&max_price=2500000&town=nouadhibou&distance=12&used=no&offer_type=monthly_rent&sort=price_asc';

async function summaryItems(path: string, language: 'ar' | 'fr') {
  fakeServer({ ...anonymous, ...catalogHandlers, ...results });
  renderApp(path, language);
  const summary = await waitFor(
    () => {
      const list = document.querySelector<HTMLElement>('.search-box .search-summary');
      if (!list) throw new Error('no summary yet');
      return list;
    },
    { timeout: 5000 },
  );
  // The names of the category and subcategory come with the catalogue.
  await within(summary).findByText(/›/);
  return [...summary.querySelectorAll('li')].map((item) => item.textContent?.trim());
}

describe('the search summary', { timeout: 15_000 }, () => {
  it('names every criterion in French', async () => {
    expect(await summaryItems(everything, 'fr')).toEqual([
      'hilux',
      'Demandes',
      'Véhicules › Voitures',
      'De 1\u202f000\u202f000 à 2\u202f500\u202f000 MRU',
      'Nouadhibou, à moins de 12 km',
      'Occasion\u00a0: Non',
      'Location au mois',
      'Prix croissant',
    ]);
  });

  it('names every criterion in Arabic', async () => {
    const items = await summaryItems(everything, 'ar');
    expect(items).toHaveLength(8);
    expect(items[1]).toBe('الطلبات');
    expect(items[3]).toBe('من 1,000,000 إلى 2,500,000 أوقية جديدة');
    expect(items[4]).toBe('نواذيبو، في حدود 12 كم');
  });

  it('folds the form only for a search that says something', () => {
    const search = (query: string) => readSearch(new URLSearchParams(query));
    expect(hasCriteria(search(''))).toBe(false);
    expect(hasCriteria(search('mode=advanced&type=demand&page=3'))).toBe(false);
    expect(hasCriteria(search('name=toyota'))).toBe(true);
    expect(hasCriteria(search('mode=advanced&min_price=5'))).toBe(true);
    // A bound of the advanced mode does not apply in the normal one.
    expect(hasCriteria(search('min_price=5'))).toBe(false);
  });
});
