import { PRICE_HINT_MIN_OFFERS } from '../constants';
import type { OfferType } from './products';

// Price hints (issue 32 item 6, docs/price-hints.md): the typical price of similar live offers,
// pure, for the server (which computes it) and the web (which places an offer's price in it).

export type PriceHintScope = 'town' | 'country';

export interface PriceHint {
  /** the middle price */
  median: number;
  /** the 25th and 75th percentiles: the middle half of the prices lies between */
  low: number;
  high: number;
  /** how many offers it is read from */
  count: number;
  scope: PriceHintScope;
}

/** A demand to buy is priced like the offers for sale; rents like the rents of the same unit. */
export const hintOfferType = (offerType: OfferType): OfferType =>
  offerType === 'buy' ? 'sale' : offerType;

/** The p-th quantile (0–1) of sorted values, interpolated between ranks (PostgreSQL's percentile_cont). */
function quantile(sorted: readonly number[], p: number): number {
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** The hint of these prices, or null when they are fewer than PRICE_HINT_MIN_OFFERS. */
export function priceHintOf(prices: readonly number[], scope: PriceHintScope): PriceHint | null {
  if (prices.length < PRICE_HINT_MIN_OFFERS) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return {
    median: Math.round(quantile(sorted, 0.5)),
    low: Math.round(quantile(sorted, 0.25)),
    high: Math.round(quantile(sorted, 0.75)),
    count: sorted.length,
    scope,
  };
}

/** Where a price sits against the usual range: below it, within it, above it. */
export function pricePosition(
  price: number,
  hint: Pick<PriceHint, 'low' | 'high'>,
): 'below' | 'within' | 'above' {
  if (price < hint.low) return 'below';
  return price > hint.high ? 'above' : 'within';
}
