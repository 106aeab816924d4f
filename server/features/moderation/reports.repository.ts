import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ModeratedType, ReportReason, ReportStatus } from '../../../shared/domain/trust';
import { findTarget, ITEM_COLUMN } from './holds.repository';
import { linkedToAuthor } from './report-weights.repository';

// Reports of offers (SPEC's `reports` table, now with a reason) and of comments and commands
// (`item_reports`): made, counted, read and closed. Kysely only here.

/**
 * The user's report of the item, once: a second report replaces the reason and text (and opens it
 * again). `added` tells whether a row was made, so that an offer's reports_count moves by one.
 */
export async function upsertReport(
  db: Executor,
  type: ModeratedType,
  id: number,
  userId: number,
  reason: ReportReason,
  text: string | null,
): Promise<{ added: boolean }> {
  const at = now();
  if (type === 'product') {
    const added = await db
      .insertInto('reports')
      .values({ user_id: userId, product_id: id, reason, text, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .returning('product_id')
      .executeTakeFirst();
    if (added) {
      await db
        .updateTable('products')
        .set((eb) => ({ reports_count: eb('reports_count', '+', 1) }))
        .where('id', '=', id)
        .execute();
    } else {
      await db
        .updateTable('reports')
        .set({ reason, text, status: 'open' })
        .where('user_id', '=', userId)
        .where('product_id', '=', id)
        .execute();
    }
    return { added: !!added };
  }
  const column = ITEM_COLUMN[type];
  const added = await db
    .insertInto('item_reports')
    .values({ user_id: userId, [column]: id, reason, text, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', column]).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) {
    await db
      .updateTable('item_reports')
      .set({ reason, text, status: 'open' })
      .where('user_id', '=', userId)
      .where(column, '=', id)
      .execute();
  }
  return { added: !!added };
}

export async function countReports(
  db: Executor,
  type: ModeratedType,
  id: number,
  status?: ReportStatus,
): Promise<number> {
  if (type === 'product') {
    let query = db.selectFrom('reports').where('product_id', '=', id);
    if (status) query = query.where('status', '=', status);
    const row = await query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let query = db.selectFrom('item_reports').where(ITEM_COLUMN[type], '=', id);
  if (status) query = query.where('status', '=', status);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reasons of the item's open and upheld reports (what the author is told), most given first. */
export async function openReasons(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<ReportReason[]> {
  const rows =
    type === 'product'
      ? await db
          .selectFrom('reports')
          .where('product_id', '=', id)
          .where('status', '!=', 'dismissed')
          .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('reason')
          .execute()
      : await db
          .selectFrom('item_reports')
          .where(ITEM_COLUMN[type], '=', id)
          .where('status', '!=', 'dismissed')
          .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('reason')
          .execute();
  return rows
    .sort((a, b) => Number(b.n) - Number(a.n) || a.reason.localeCompare(b.reason))
    .map((r) => r.reason);
}

/** Closes the item's open reports; the reporters' records count the outcome. */
export async function closeOpenReports(
  db: Executor,
  type: ModeratedType,
  id: number,
  outcome: 'upheld' | 'dismissed',
): Promise<void> {
  const closed =
    type === 'product'
      ? await db
          .updateTable('reports')
          .set({ status: outcome })
          .where('product_id', '=', id)
          .where('status', '=', 'open')
          .returning('user_id')
          .execute()
      : await db
          .updateTable('item_reports')
          .set({ status: outcome })
          .where(ITEM_COLUMN[type], '=', id)
          .where('status', '=', 'open')
          .returning('user_id')
          .execute();
  if (!closed.length) return;
  let counted = closed.map((r) => r.user_id);
  if (outcome === 'upheld') {
    // Issue 29 item 4: upheld reports weigh only on items of accounts the reporter is not
    // linked to; dismissed ones always count against the reporter.
    const target = await findTarget(db, type, id);
    const linked = target ? await linkedToAuthor(db, target, counted) : new Set<number>();
    counted = counted.filter((userId) => !linked.has(userId));
    if (!counted.length) return;
  }
  const column = outcome === 'upheld' ? 'reports_upheld' : 'reports_dismissed';
  await db
    .updateTable('users')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', 'in', counted)
    .execute();
}
