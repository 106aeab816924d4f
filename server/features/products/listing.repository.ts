import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { now } from '../../db/connect';
import { SOLD_LISTED_DAYS } from '../../../shared/constants';
import { DAY_MS } from '../../../shared/domain/listing';

/**
 * DESIGN §12, issue 32: the one rule of what a list may show, on every path (search, home, shop
 * and user lists, similar offers, the sitemap, open demands): visible to everyone (issue 19: not
 * held, hidden or a banned author's), not past its expires_at (checked when reading, so an offer
 * leaves every list the moment it ends), and not sold more than SOLD_LISTED_DAYS ago (a sale that ended it: sold_at,
 * shared/domain/listing.ts). A condition
 * on the `products` table (not aliased), for Kysely's `where` and for raw SQL alike; ISO text
 * compares as time on both engines. A product with no expires_at is never live.
 */
export function liveProduct(at: string = now()): RawBuilder<SqlBool> {
  return sql<SqlBool>`(products.moderation_status = 'visible' and ${sql.join(
    notEndedConditions(at),
    sql` and `,
  )})`;
}

/**
 * The listing's own end, apart from moderation: not past its expires_at, not sold more than
 * SOLD_LISTED_DAYS ago. Search adds these to its listed condition (search-conditions.ts), whose
 * moderation part is the literal of its partial indexes; every other list uses liveProduct.
 */
export function notEndedConditions(at: string = now()): RawBuilder<SqlBool>[] {
  const soldSince = new Date(Date.parse(at) - SOLD_LISTED_DAYS * DAY_MS).toISOString();
  return [
    sql<SqlBool>`products.expires_at > ${at}`,
    sql<SqlBool>`(products.sold_at is null or products.sold_at > ${soldSince})`,
  ];
}
