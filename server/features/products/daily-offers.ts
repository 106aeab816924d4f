import { accountAgeDays, dailyOfferLimit } from '../../../shared/domain/account-trust';
import type { Executor } from '../../db/types';
import { tooMany } from '../../errors';
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
  const limit = Math.ceil(
    dailyOfferLimit({
      accountAgeDays: accountAgeDays(user.created_at, at),
      phoneVerified: !!user.phone_verified_at,
    }) * factor,
  );
  const since = new Date(at - DAY_MS).toISOString();
  const posted = await countOffersSince(db, userId, since);
  if (posted >= limit) throw tooMany(3600);
}
