// Issue 21: how much a new account may post. A new account whose phone is not verified posts
// fewer offers a day; proving the number (a code by SMS) or age lifts the limit.
// The one rule for per-day offer limits: other per-day limits (issue 19's for new accounts) use
// dailyOfferLimit rather than a second constant (docs/accounts.md).

/** An account younger than this (in days) is new. */
export const NEW_ACCOUNT_DAYS = 7;

/** Offers a day: new and unverified, new with a verified phone, and older accounts. */
export const DAILY_OFFER_LIMITS = { newUnverified: 10, newVerified: 30, established: 100 } as const;

export function dailyOfferLimit(account: {
  accountAgeDays: number;
  phoneVerified: boolean;
}): number {
  if (account.accountAgeDays >= NEW_ACCOUNT_DAYS) return DAILY_OFFER_LIMITS.established;
  return account.phoneVerified ? DAILY_OFFER_LIMITS.newVerified : DAILY_OFFER_LIMITS.newUnverified;
}

/** Whole days from `createdAt` (ISO) to `at`. */
export function accountAgeDays(createdAt: string, at = Date.now()): number {
  return Math.max(0, Math.floor((at - Date.parse(createdAt)) / 86_400_000));
}
