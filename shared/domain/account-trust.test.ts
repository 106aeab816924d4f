import { describe, expect, it } from 'vitest';
import {
  accountAgeDays,
  dailyOfferLimit,
  DAILY_OFFER_LIMITS,
  NEW_ACCOUNT_DAYS,
} from './account-trust';

describe('dailyOfferLimit', () => {
  it('gives new unverified accounts fewer offers a day than verified or older ones', () => {
    const newUnverified = dailyOfferLimit({ accountAgeDays: 0, phoneVerified: false });
    const newVerified = dailyOfferLimit({ accountAgeDays: 0, phoneVerified: true });
    const older = dailyOfferLimit({ accountAgeDays: NEW_ACCOUNT_DAYS, phoneVerified: false });
    expect(newUnverified).toBe(DAILY_OFFER_LIMITS.newUnverified);
    expect(newUnverified).toBeLessThan(newVerified);
    expect(newVerified).toBeLessThanOrEqual(older);
  });

  it('counts whole days of age', () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    expect(accountAgeDays('2026-03-10T00:00:00Z', at)).toBe(0);
    expect(accountAgeDays('2026-03-03T12:00:00Z', at)).toBe(7);
    expect(accountAgeDays('2026-04-01T00:00:00Z', at)).toBe(0);
  });
});
