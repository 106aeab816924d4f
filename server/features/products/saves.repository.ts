import type { Executor } from '../../db/types';
import { now } from '../../db/connect';

// Saves and reports of products: one row per user and product, and the product's counter.

type MarkTable = 'saves' | 'reports';
const COUNTER = { saves: 'saved_count', reports: 'reports_count' } as const;

/** Adds the user's save or report once; the counter moves only if a row was added. */
export async function addMark(
  db: Executor,
  table: MarkTable,
  userId: number,
  productId: number,
): Promise<number> {
  const added = await db
    .insertInto(table)
    .values({ user_id: userId, product_id: productId, created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .returning('product_id')
    .executeTakeFirst();
  return added ? bump(db, table, productId, 1) : counterOf(db, table, productId);
}

export async function removeMark(
  db: Executor,
  table: MarkTable,
  userId: number,
  productId: number,
): Promise<number> {
  const removed = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .returning('product_id')
    .executeTakeFirst();
  return removed ? bump(db, table, productId, -1) : counterOf(db, table, productId);
}

async function bump(db: Executor, table: MarkTable, productId: number, delta: 1 | -1) {
  const column = COUNTER[table];
  const row = await db
    .updateTable('products')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', productId)
    .returning(column)
    .executeTakeFirstOrThrow();
  return (row as Record<string, number>)[column];
}

async function counterOf(db: Executor, table: MarkTable, productId: number) {
  const column = COUNTER[table];
  const row = await db
    .selectFrom('products')
    .select(column)
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return (row as Record<string, number>)[column];
}
