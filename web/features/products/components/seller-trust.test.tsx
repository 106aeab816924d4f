import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopTrust } from '../../../../shared/schemas/ratings';
import { renderWithApp } from '../../../test/render';
import { SellerTrust } from './seller-trust';

// Issue 32 item 8: the trust row under the shop's name on the offer page: rating, verified
// number, member since, usual response time, read from GET /shops/{id}/trust, in both languages.

afterEach(() => vi.unstubAllGlobals());

const aTrust = (overrides: Partial<ShopTrust> = {}): ShopTrust => ({
  rating_average: 4.5,
  rating_count: 2,
  member_since: '2025-03-15T10:00:00.000Z',
  phone_verified_at: '2025-04-01T10:00:00.000Z',
  response_minutes: 20,
  responses_count: 3,
  ...overrides,
});

function stubTrust(trust: ShopTrust) {
  const fetchMock = vi.fn(async (url: string) => {
    void url;
    return new Response(JSON.stringify({ trust }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const row = () => screen.findByRole('region', { name: /vendeur|البائع/ });

// The first render loads the dictionaries: slow on a busy machine.
describe('SellerTrust', { timeout: 15_000 }, () => {
  it('shows the rating, the verified number, member since and the response time', async () => {
    const fetchMock = stubTrust(aTrust());
    renderWithApp(<SellerTrust shopId={11} />);
    const trust = await row();
    expect(fetchMock.mock.calls[0][0]).toBe('/shops/11/trust');
    expect(trust).toHaveAccessibleName('Le vendeur');
    expect(screen.getByRole('img', { name: '4,5 sur 5, 2 avis' })).toBeInTheDocument();
    expect(screen.getByTestId('verified-badge')).toHaveTextContent('Numéro vérifié');
    expect(trust).toHaveTextContent('Membre depuis le 15 mars 2025');
    expect(screen.getByTestId('response-time')).toHaveTextContent('Répond en général en 20 min');
  });

  it('says so when nothing is known yet, without a badge', async () => {
    stubTrust(
      aTrust({
        rating_average: null,
        rating_count: 0,
        phone_verified_at: null,
        member_since: null,
        response_minutes: null,
        responses_count: 0,
      }),
    );
    renderWithApp(<SellerTrust shopId={11} />);
    const trust = await row();
    expect(trust).toHaveTextContent('Pas encore d’avis');
    expect(screen.queryByTestId('verified-badge')).not.toBeInTheDocument();
    expect(trust).not.toHaveTextContent('Membre depuis');
    expect(screen.getByTestId('response-time')).toHaveTextContent(
      'Pas encore de temps de réponse connu',
    );
  });

  it.each([
    [0, 'Répond en général en 1 min'],
    [150, 'Répond en général en 3 heures'],
    [60 * 24 * 3, 'Répond en général en 3 jours'],
  ])('rounds %i minutes for people', async (minutes, text) => {
    stubTrust(aTrust({ response_minutes: minutes }));
    renderWithApp(<SellerTrust shopId={11} />);
    await row();
    expect(screen.getByTestId('response-time')).toHaveTextContent(text);
  });

  it.each([
    [20, 'يرد عادة خلال 20 دقيقة'],
    [120, 'يرد عادة خلال ساعتين'],
    [60 * 24 * 2, 'يرد عادة خلال يومين'],
  ])('says it in Arabic (%i minutes)', async (minutes, text) => {
    stubTrust(aTrust({ response_minutes: minutes }));
    renderWithApp(<SellerTrust shopId={11} />, { language: 'ar' });
    const trust = await row();
    expect(trust).toHaveAccessibleName('عن البائع');
    expect(screen.getByRole('img', { name: '4.5 من 5، تقييمان' })).toBeInTheDocument();
    expect(screen.getByTestId('verified-badge')).toHaveTextContent('رقم موثّق');
    expect(trust).toHaveTextContent('عضو منذ');
    expect(screen.getByTestId('response-time')).toHaveTextContent(text);
  });
});
