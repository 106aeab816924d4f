import {
  accountAgeDays,
  dailyOfferLimit,
  NEW_ACCOUNT_DAYS,
} from '../../../shared/domain/account-trust';
import type { Executor } from '../../db/types';
import { HttpError, tooMany } from '../../errors';
import { findUserById } from '../users/users.repository';
import { countOffersSince } from './products.repository';

const DAY_MS = 86_400_000;

/**
 * Issue 21: offers posted in the last 24 hours, against dailyOfferLimit (fewer for new accounts
 * without a verified phone), times USER_RATE_LIMIT_FACTOR. Counted from the products themselves,
 * so refused or failed attempts do not use the allowance, and every process sees the same count.
 */
export async function assertDailyOffersLeft(
  db: Executor,
  userId: number,
  factor: number,
  at = Date.now(),
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  const age = accountAgeDays(user.created_at, at);
  const limit = Math.ceil(
    dailyOfferLimit({
      accountAgeDays: age,
      phoneVerified: !!user.phone_verified_at,
    }) * factor,
  );
  const since = new Date(at - DAY_MS).toISOString();
  const posted = await countOffersSince(db, userId, since);
  if (posted < limit) return;
  // Issue 19 item 4: a new account is told why, and that age or a verified number lifts it.
  if (age < NEW_ACCOUNT_DAYS) {
    throw new HttpError(429, { global: ['new_account_offer_limit'] }, { 'retry-after': '3600' });
  }
  throw tooMany(3600);
}
