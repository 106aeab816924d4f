import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeServer } from '../../../test/render-app';
import { aProduct, aUser, clientWith } from './product-fixtures.test-support';
import { PriceHintNote, PricePosition } from './price-hint';
import { OfferFacts } from './offer-facts';

// Issue 32 items 6 and 7 on the page: the typical price of similar offers while posting, where an
// offer's price sits, and a rent offer's "available from" when every unit is out.

afterEach(() => vi.unstubAllGlobals());

/** The page's text, spaces (no-break ones too) as one. */
const text = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');
const shows = (words: string) =>
  waitFor(() => expect(text()).toContain(words.replace(/\s+/g, ' ')));

const HINT = { median: 52_000, low: 45_000, high: 60_000, count: 12, scope: 'town' };
const NOUAKCHOTT = { latitude: 18.0858, longitude: -15.9785 };

function server(hint: object | null) {
  return fakeServer({
    [`GET /psubcategories/3/price-hint?offer_type=sale&latitude=${NOUAKCHOTT.latitude}&longitude=${NOUAKCHOTT.longitude}`]:
      () => ({ status: 200, body: { hint } }),
    'GET /psubcategories/3/price-hint?offer_type=sale': () => ({
      status: 200,
      body: { hint: hint && { ...hint, scope: 'country' } },
    }),
  });
}

describe.each([
  {
    language: 'fr' as const,
    town: 'Offres similaires à Nouakchott\u00a0: 45\u202f000–60\u202f000 MRU',
    country: 'Offres similaires en Mauritanie\u00a0: 45\u202f000–60\u202f000 MRU',
    median: 'Prix du milieu 52\u202f000 MRU, annonces des 90 derniers jours',
    above: 'Au-dessus des offres similaires (45\u202f000–60\u202f000 MRU)',
    from: 'Disponible à partir du 10 avril 2031',
  },
  {
    language: 'ar' as const,
    town: 'عروض مشابهة في نواكشوط: بين 45,000 و60,000 أوقية جديدة',
    country: 'عروض مشابهة في موريتانيا: بين 45,000 و60,000 أوقية جديدة',
    median: 'السعر الوسيط 52,000 أوقية جديدة، من عروض آخر 90 يومًا',
    above: 'أعلى من العروض المشابهة (بين 45,000 و60,000 أوقية جديدة)',
    from: 'متاح ابتداءً من 10 أبريل 2031',
  },
])('price hints and rentals in $language', (words) => {
  const render = (node: ReactElement) =>
    renderWithApp(node, { queryClient: clientWith(aUser()), language: words.language });

  it("shows the town's range while posting, from a place in the town", async () => {
    server(HINT);
    const ask = { psubcategoryId: 3, offerType: 'sale' as const };
    render(<PriceHintNote ask={{ ...ask, latitude: 18.1036, longitude: -15.9785 }} />);
    await shows(words.town);
    await shows(words.median);
  });

  it("shows the country's without a place", async () => {
    server(HINT);
    // A demand to buy is priced as the offers for sale.
    render(<PriceHintNote ask={{ psubcategoryId: 3, offerType: 'buy' }} />);
    await shows(words.country);
  });

  it('says nothing when there are too few offers', async () => {
    const { calls } = server(null);
    const { container } = render(<PriceHintNote ask={{ psubcategoryId: 3, offerType: 'sale' }} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it("places an offer's price against the range", async () => {
    server(HINT);
    render(<PricePosition product={aProduct({ price: 75_000, ...NOUAKCHOTT })} />);
    await shows(words.above);
  });

  it('says from when a fully rented offer is free again', async () => {
    const product = aProduct({
      offer_type: 'monthly_rent',
      unit: 'month',
      number: 2,
      sold_count: 5,
      available_number: 0,
      available_from: '2031-04-10T09:00:00.000Z',
    });
    render(<OfferFacts product={product} />);
    await shows(words.from);
  });
});
