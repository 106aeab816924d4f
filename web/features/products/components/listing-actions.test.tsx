import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ListingActions, type ListingItem } from './listing-actions';

// Issue 32: what the manager of an offer may do with its listing, by its state. An expired one
// offers renewal alone: no bump, no date of the next one, no "mark sold".

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** An offer posted `ageDays` ago that ends in `leftDays` (negative: ended). */
const offer = (
  leftDays: number,
  ageDays: number,
  more: Partial<ListingItem> = {},
): ListingItem => ({
  id: 9,
  type: 'offer',
  created_at: iso(Date.now() - ageDays * DAY),
  expires_at: iso(Date.now() + leftDays * DAY),
  bumped_at: null,
  sold_at: null,
  ...more,
});

function stubFetch(answer: () => Response) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    void url;
    void init;
    return Promise.resolve(answer());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('ListingActions', () => {
  it('offers an expired offer renewal only, and renews it in one tap', async () => {
    const user = userEvent.setup();
    const item = offer(-2, 70);
    const fetchMock = stubFetch(() => json({ product: { ...item, expires_at: iso(Date.now()) } }));
    renderWithApp(<ListingActions item={item} />);
    expect(screen.getByText(/^Expirée le /)).toBeInTheDocument();
    expect(buttonNames()).toEqual(['Renouveler']);
    expect(screen.queryByText(/Prochaine remontée/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renouveler' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/products/9/renew');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
  });

  it('says the same in Arabic for an expired demand: renew, no "satisfied"', () => {
    renderWithApp(<ListingActions item={offer(-1, 70, { type: 'demand', bumped_at: null })} />, {
      language: 'ar',
    });
    expect(buttonNames()).toEqual(['تجديد']);
  });

  it('offers a live offer bump and sale once its bump is due, the date of the next one before', () => {
    const { unmount } = renderWithApp(<ListingActions item={offer(20, 40)} />);
    expect(buttonNames()).toEqual(['Remonter en tête', 'Marquer comme vendue']);
    unmount();

    renderWithApp(<ListingActions item={offer(58, 2)} />);
    expect(buttonNames()).toEqual(['Marquer comme vendue']);
    expect(screen.getByText(/^Prochaine remontée possible le /)).toBeInTheDocument();
  });

  it('shows the server refusal of an offer that expired meanwhile', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ errors: { global: ['product_expired'] } }, 422));
    renderWithApp(<ListingActions item={offer(20, 40)} />);
    await user.click(screen.getByRole('button', { name: 'Marquer comme vendue' }));
    expect(await screen.findByText('Cette annonce a expiré')).toBeInTheDocument();
  });
});
