import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Issue 21: a shop's number is "verified" when it is its owner's phone_1 and the owner proved it
 * by a code: the owner's phone_verified_at, else null. A subquery of a query over `shops`.
 */
export const shopPhoneVerifiedAt = (eb: ExpressionBuilder<Database, 'shops'>) =>
  eb
    .selectFrom('shop_employees')
    .innerJoin('users', 'users.id', 'shop_employees.user_id')
    .select('users.phone_verified_at')
    .whereRef('shop_employees.shop_id', '=', 'shops.id')
    .where('shop_employees.role', '=', 'owner')
    .whereRef('users.phone_1', '=', 'shops.phone_1')
    .where('users.phone_verified_at', 'is not', null)
    .limit(1);
