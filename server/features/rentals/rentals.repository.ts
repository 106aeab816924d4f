import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import type { RentHold } from '../../../shared/domain/rentals';

// The only Kysely code of rentals (issue 32 item 7): the rents that hold a rent offer's units.

/** Accepted rents of these products that end after `after` (migration 027's index). */
export async function holdsOf(
  db: Executor,
  productIds: readonly number[],
  after: string,
): Promise<(RentHold & { product_id: number })[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('commands')
    .select(['product_id', 'number', 'starts_at', 'ends_at'])
    .where('product_id', 'in', productIds)
    .where('ends_at', '>', after)
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    number: r.number,
    starts_at: r.starts_at!,
    ends_at: r.ends_at!,
  }));
}

/**
 * Counts `n` more units ever committed (SPEC's sold_count). As an UPDATE of the product's row, it
 * holds that row on PostgreSQL until the transaction ends: two acceptances of rents of one offer
 * check what is free one after the other (SQLite runs one writer at a time).
 */
export async function addCommitted(db: Executor, productId: number, n: number): Promise<void> {
  await db
    .updateTable('products')
    .set({ sold_count: sql`sold_count + ${n}` })
    .where('id', '=', productId)
    .execute();
}

/** The accepted rent's start and end. */
export async function setHold(
  db: Executor,
  commandId: number,
  hold: { starts_at: string; ends_at: string },
): Promise<void> {
  await db.updateTable('commands').set(hold).where('id', '=', commandId).execute();
}
