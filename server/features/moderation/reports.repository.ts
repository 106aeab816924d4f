import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import { limitKey } from '../../plugins/client-address';
import type {
  ModeratedType,
  ModerationFlag,
  ModerationStatus,
  ReportReason,
  ReportStatus,
} from '../../../shared/domain/trust';
import type { SellerRecord, WeighedReporter } from '../../../shared/domain/report-weight';

// Reports of offers (SPEC's `reports` table, now with a reason) and of comments and commands
// (`item_reports`), and the queue row of each reported, held or flagged item. Kysely only here.

export interface ModeratedTarget {
  type: ModeratedType;
  id: number;
  /** Who wrote it (an offer's poster); null when the account is gone. */
  user_id: number | null;
  /** null only for a rating whose offer is gone */
  product_id: number | null;
  moderation_status: ModerationStatus;
  /** Shop of the product it hangs under (for offers: its own; for a rating: the rated shop). */
  shop_id: number;
  command_id: number | null;
  sold: number;
}

const TABLE = {
  product: 'products',
  comment: 'comments',
  command: 'commands',
  rating: 'ratings',
} as const;
const ITEM_COLUMN = { comment: 'comment_id', command: 'command_id', rating: 'rating_id' } as const;

export async function findTarget(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<ModeratedTarget | undefined> {
  if (type === 'product') {
    const row = await db
      .selectFrom('products')
      .select(['id', 'user_id', 'moderation_status', 'shop_id', 'sold'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, product_id: row.id, command_id: null };
  }
  if (type === 'comment') {
    const row = await db
      .selectFrom('comments')
      .innerJoin('products', 'products.id', 'comments.product_id')
      .select([
        'comments.id',
        'comments.user_id',
        'comments.moderation_status',
        'comments.product_id',
        'comments.command_id',
        'products.shop_id',
      ])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, sold: 0 };
  }
  if (type === 'rating') {
    const row = await db
      .selectFrom('ratings')
      .select(['id', 'user_id', 'moderation_status', 'product_id', 'shop_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, type, command_id: null, sold: 0 };
  }
  const row = await db
    .selectFrom('commands')
    .innerJoin('products', 'products.id', 'commands.product_id')
    .select([
      'commands.id',
      'commands.user_id',
      'commands.moderation_status',
      'commands.product_id',
      'commands.sold',
      'products.shop_id',
    ])
    .where('commands.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, type, command_id: row.id };
}

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

/**
 * The item's open reporters as issue 29 item 4 weighs them (shared/domain/report-weight.ts):
 * with their id and the addresses their sessions come from.
 */
export async function openReportersWeighed(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<WeighedReporter[]> {
  const columns = [
    'users.id as user_id',
    'users.created_at',
    'users.reports_upheld as upheld',
    'users.reports_dismissed as dismissed',
    'users.phone_verified_at',
  ] as const;
  const rows =
    type === 'product'
      ? await db
          .selectFrom('reports')
          .innerJoin('users', 'users.id', 'reports.user_id')
          .where('reports.product_id', '=', id)
          .where('reports.status', '=', 'open')
          .select(columns)
          .execute()
      : await db
          .selectFrom('item_reports')
          .innerJoin('users', 'users.id', 'item_reports.user_id')
          .where(ITEM_COLUMN[type], '=', id)
          .where('item_reports.status', '=', 'open')
          .select(columns)
          .execute();
  const addresses = await sessionAddresses(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    user_id: r.user_id,
    created_at: r.created_at,
    upheld: Number(r.upheld),
    dismissed: Number(r.dismissed),
    phone_verified_at: r.phone_verified_at,
    addresses: addresses.get(r.user_id) ?? [],
  }));
}

/**
 * The addresses each user's sessions were opened from, as limit keys (client-address.ts): the
 * addresses of one IPv6 /64 are one subscriber's, and `::ffff:a.b.c.d` is `a.b.c.d`.
 */
async function sessionAddresses(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (!userIds.length) return byUser;
  const rows = await db
    .selectFrom('sessions')
    .select(['user_id', 'ip'])
    .where('user_id', 'in', userIds)
    .where('ip', 'is not', null)
    .execute();
  for (const r of rows) {
    byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), limitKey(r.ip!)]);
  }
  return byUser;
}

/** What the author of a reported item has behind them (report-weight.ts `hasSellerHistory`). */
export async function sellerRecord(
  db: Executor,
  userId: number | null,
): Promise<SellerRecord | null> {
  if (userId === null) return null;
  const user = await db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const offers = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { created_at: user.created_at, offers: Number(offers.n) };
}

/**
 * Of these reporters, those linked to the item's author: the author, the staff of an offer's
 * shop, and accounts whose sessions share an address with the author's. A report upheld on such
 * an item earns no weight (issue 29 item 4: a farm upholding reports on its own bait).
 */
async function linkedToAuthor(
  db: Executor,
  target: ModeratedTarget,
  reporterIds: number[],
): Promise<Set<number>> {
  const linked = new Set<number>();
  if (target.user_id !== null && reporterIds.includes(target.user_id)) linked.add(target.user_id);
  if (target.type === 'product') {
    const staff = await db
      .selectFrom('shop_employees')
      .select('user_id')
      .where('shop_id', '=', target.shop_id)
      .where('user_id', 'in', reporterIds)
      .execute();
    for (const s of staff) linked.add(s.user_id);
  }
  if (target.user_id !== null) {
    const addresses = await sessionAddresses(db, [target.user_id, ...reporterIds]);
    const author = new Set(addresses.get(target.user_id) ?? []);
    for (const id of reporterIds) {
      if ((addresses.get(id) ?? []).some((a) => author.has(a))) linked.add(id);
    }
  }
  return linked;
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

export async function setStatus(
  db: Executor,
  type: ModeratedType,
  id: number,
  status: ModerationStatus,
): Promise<void> {
  await db
    .updateTable(TABLE[type])
    .set({ moderation_status: status })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts the item in the queue (or back): pending again, its report count and last event now. A
 * flag, when given, is kept until a moderator acts.
 */
export async function touchQueue(
  db: Executor,
  item: { type: ModeratedType; id: number; authorId: number | null; reportsCount: number },
  flag: ModerationFlag | null = null,
): Promise<void> {
  const at = now();
  await db
    .insertInto('moderation_items')
    .values({
      target_type: item.type,
      target_id: item.id,
      author_id: item.authorId,
      pending: 1,
      flag,
      reports_count: item.reportsCount,
      last_event_at: at,
      created_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['target_type', 'target_id']).doUpdateSet({
        pending: 1,
        reports_count: item.reportsCount,
        last_event_at: at,
        flag: flag === null ? sql`moderation_items.flag` : flag,
      }),
    )
    .execute();
}

/** A report taken back: the queue's count follows (the item stays pending if it was). */
export async function setQueueCount(
  db: Executor,
  type: ModeratedType,
  id: number,
  reportsCount: number,
): Promise<void> {
  await db
    .updateTable('moderation_items')
    .set({ reports_count: reportsCount })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .execute();
}

/** The scam signal the item waits in the queue with (null: none, or a moderator has looked). */
export async function queueFlag(
  db: Executor,
  type: ModeratedType,
  id: number,
): Promise<ModerationFlag | null> {
  const row = await db
    .selectFrom('moderation_items')
    .select('flag')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('pending', '=', 1)
    .executeTakeFirst();
  return row?.flag ?? null;
}

/** A moderator has looked: the item leaves the open queue and its flag is cleared. */
export async function resolveQueue(db: Executor, type: ModeratedType, id: number): Promise<void> {
  await db
    .updateTable('moderation_items')
    .set({ pending: 0, flag: null })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .execute();
}

export async function insertLog(
  db: Executor,
  entry: {
    actorId: number | null;
    action: string;
    type: ModeratedType | 'user';
    id: number;
    note?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.type,
      target_id: entry.id,
      note: entry.note ?? null,
      created_at: now(),
    })
    .execute();
}

export function authorCreatedAt(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['created_at', 'banned_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
