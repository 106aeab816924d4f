import { describe, expect, it } from 'vitest';
import { hintOfferType, priceHintOf, pricePosition } from './price-hints';

describe('price hints', () => {
  it('reads the median and quartiles of 8 prices or more, in any order', () => {
    expect(priceHintOf([7, 1, 5, 3, 8, 2, 6, 4], 'town')).toEqual({
      median: 5, // 4.5, rounded
      low: 3, // 2.75
      high: 6, // 6.25
      count: 8,
      scope: 'town',
    });
    expect(priceHintOf([1, 2, 3, 4, 5, 6, 7], 'country')).toBe(null);
    expect(priceHintOf(Array(9).fill(45_000), 'country')).toMatchObject({
      median: 45_000,
      low: 45_000,
      high: 45_000,
    });
  });

  it('places a price below, within or above the middle half (its bounds within)', () => {
    const hint = { low: 45_000, high: 60_000 };
    expect(pricePosition(44_999, hint)).toBe('below');
    expect(pricePosition(45_000, hint)).toBe('within');
    expect(pricePosition(60_000, hint)).toBe('within');
    expect(pricePosition(60_001, hint)).toBe('above');
  });

  it('prices a demand to buy as offers for sale, rents as rents', () => {
    expect(hintOfferType('buy')).toBe('sale');
    expect(hintOfferType('monthly_rent')).toBe('monthly_rent');
  });
});
