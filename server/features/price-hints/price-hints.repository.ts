import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import type { OfferType } from '../../../shared/domain/products';
import { now } from '../../db/connect';
import { PRICE_HINT_ROWS } from '../../db/migrations/027-rentals-price-hints';

// The only Kysely code of price hints (issue 32 item 6).

export function findSubcategory(db: Executor, id: number) {
  return db
    .selectFrom('psubcategories')
    .select(['id', 'can_be_priced'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The price and place of every offer a hint counts: listed, unsold and priced (migration 027's
 * partial index, whose literals the condition repeats), not expired (DESIGN §12: a hint is made
 * of live offers), of the subcategory and offer type, posted since `since`. One read of that index: its entries hold every column read.
 */
export function recentPricesQuery(
  db: Executor,
  psubcategoryId: number,
  offerType: OfferType,
  since: string,
) {
  return db
    .selectFrom('products')
    .select(['price', 'latitude', 'longitude'])
    .where(sql.raw<boolean>(PRICE_HINT_ROWS))
    .where('psubcategory_id', '=', psubcategoryId)
    .where('type', '=', 'offer')
    .where('offer_type', '=', offerType)
    .where('created_at', '>=', since)
    .where('expires_at', '>', now());
}

export async function recentPrices(...args: Parameters<typeof recentPricesQuery>) {
  const rows = await recentPricesQuery(...args).execute();
  // The index holds only priced offers.
  return rows as { price: number; latitude: number | null; longitude: number | null }[];
}
