import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeServer } from '../../../test/render-app';
import { OfferCard } from './offer-card';
import { OfferView } from './offer-view';
import { aCard, aProduct, aUser, clientWith } from './product-fixtures.test-support';

// Issue 35 item 10: a demand without a photo takes no empty image box, on its card or its page;
// an offer without one keeps the box (grids of offers stay even).

afterEach(() => vi.unstubAllGlobals());

const noPhoto = { image: null, image_file: null } as const;

describe('a demand without a photo', () => {
  it('has a compact card: its kind above its name, no image box, in both languages', () => {
    for (const [language, kind] of [
      ['fr', 'Demande'],
      ['ar', 'طلب'],
    ] as const) {
      const { container, unmount } = renderWithApp(
        <OfferCard product={aCard({ type: 'demand', ...noPhoto })} />,
        { queryClient: clientWith(aUser()), language },
      );
      const card = container.querySelector('.offer-card')!;
      expect(card.querySelector('.offer-card__media')).toHaveClass('offer-card__media--none');
      expect(card.querySelector('.offer-card__no-image')).toBeNull();
      expect(within(card as HTMLElement).getByText(kind)).toBeInTheDocument();
      unmount();
    }
  });

  it('keeps the box for an offer without a photo and for a demand with one', () => {
    for (const product of [aCard({ type: 'offer', ...noPhoto }), aCard({ type: 'demand' })]) {
      const { container, unmount } = renderWithApp(<OfferCard product={product} />, {
        queryClient: clientWith(aUser()),
      });
      expect(container.querySelector('.offer-card__media')).not.toHaveClass(
        'offer-card__media--none',
      );
      unmount();
    }
  });

  it('has a page without the empty image box; an offer’s page keeps it', () => {
    fakeServer({
      'GET /products/similar/42': () => ({ status: 200, body: { products: [] } }),
    });
    const { container, unmount } = renderWithApp(
      <OfferView product={aProduct({ type: 'demand', pfiles: [] })} />,
      { queryClient: clientWith(aUser()) },
    );
    expect(container.querySelector('.offer-view__media')).toBeEmptyDOMElement();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    unmount();
    const offer = renderWithApp(<OfferView product={aProduct({ type: 'offer', pfiles: [] })} />, {
      queryClient: clientWith(aUser()),
    });
    expect(offer.container.querySelector('.offer-media--empty')).not.toBeNull();
  });
});
