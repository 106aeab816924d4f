import type { Executor } from '../../db/types';
import { limitKey } from '../../plugins/client-address';
import type { ModeratedType } from '../../../shared/domain/trust';
import type { SellerRecord, WeighedReporter } from '../../../shared/domain/report-weight';
import { ITEM_COLUMN, type ModeratedTarget } from './holds.repository';

// What a report weighs (issue 29 item 4, shared/domain/report-weight.ts): the reporters' records
// and addresses, the author's history, and who is linked to the author. Kysely only here.

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
export async function linkedToAuthor(
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

export function authorCreatedAt(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['created_at', 'banned_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
