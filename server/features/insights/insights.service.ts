import type { DB, Executor } from '../../db/types';
import { forbidden, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import { INSIGHTS_OFFERS_MAX, type ProductEventKind } from '../../../shared/constants';
import type { Insights, Phones } from '../../../shared/schemas/insights';
import { shopRoleOf } from '../shops/shops.repository';
import { shopExists } from '../products/products.repository';
import * as repo from './insights.repository';
import { isBot, utcDay, viewMark } from './visitors';

// Phone on tap and shop insights (issue 19 items 5 and 6; docs/insights.md).

/** Who sent the request, as far as counting goes. */
export interface Visitor {
  user: AuthUser | null;
  /** The session cookie's value (every visitor has one; an XSRF-checked request sent it back). */
  sid: string;
  userAgent: string | undefined;
}

const COLUMN: Record<Exclude<ProductEventKind, 'view'>, repo.StatColumn> = {
  call: 'call_count',
  whatsapp: 'whatsapp_count',
  share: 'share_count',
};

/** Robots and the shop's own staff leave no trace in its insights. */
async function counts(db: Executor, shopId: number, visitor: Visitor): Promise<boolean> {
  if (isBot(visitor.userAgent)) return false;
  if (visitor.user && (await shopRoleOf(db, shopId, visitor.user.id))) return false;
  return true;
}

/** GET /products/{id}/phone: the shop's numbers, counted as a phone reveal. */
export async function revealPhones(db: DB, productId: number, visitor: Visitor): Promise<Phones> {
  const row = await repo.productContact(db, productId);
  if (!row) throw notFound();
  if (await counts(db, row.shop_id, visitor)) {
    await repo.bumpStat(db, productId, utcDay(), 'phone_count');
  }
  return {
    phone_1: row.phone_1,
    phone_2: row.phone_2,
    whatsapp_number: row.first_whatsapp_number,
  };
}

/** POST /products/{id}/events: one view per visitor and day; every tap. */
export async function recordEvent(
  db: DB,
  productId: number,
  kind: ProductEventKind,
  visitor: Visitor,
): Promise<void> {
  const row = await repo.productContact(db, productId);
  if (!row) throw notFound();
  if (!(await counts(db, row.shop_id, visitor))) return;
  const day = utcDay();
  if (kind === 'view') {
    const mark = await viewMark(db, day, visitor.sid, productId);
    if (!(await repo.addViewMark(db, day, mark))) return;
    await repo.bumpStat(db, productId, day, 'view_count');
    return;
  }
  await repo.bumpStat(db, productId, day, COLUMN[kind]);
}

/** The `days` UTC days ending today, oldest first. */
export function lastDays(days: number, today: Date = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    utcDay(new Date(end - (days - 1 - i) * 86_400_000)),
  );
}

const n = (value: unknown) => Number(value ?? 0);

/** GET /shops/{id}/insights: the shop's staff only (403 for others, 404 for no shop). */
export async function shopInsights(
  db: DB,
  viewer: AuthUser,
  shopId: number,
  days: number,
): Promise<Insights> {
  if (!(await shopExists(db, shopId))) throw notFound();
  if (!can.seeShopInsights(viewer, await shopRoleOf(db, shopId, viewer.id))) throw forbidden();
  const dates = lastDays(days);
  const from = dates[0];
  const [stats, saves, offers] = await Promise.all([
    repo.statsPerDay(db, shopId, from),
    repo.savesPerDay(db, shopId, from),
    repo.statsPerOffer(db, shopId, from, INSIGHTS_OFFERS_MAX),
  ]);
  const byDay = new Map(stats.map((r) => [r.day, r]));
  const savesByDay = new Map(saves.map((r) => [r.day, n(r.save)]));
  return {
    days: dates.map((date) => {
      const r = byDay.get(date);
      return {
        date,
        views: n(r?.views),
        phone: n(r?.phone),
        call: n(r?.call),
        whatsapp: n(r?.whatsapp),
        share: n(r?.share),
        save: savesByDay.get(date) ?? 0,
      };
    }),
    offers: offers.map((o) => ({
      id: o.id,
      name: o.name,
      name_ar: o.name_ar,
      name_fr: o.name_fr,
      type: o.type,
      views: n(o.views),
      phone: n(o.phone),
      call: n(o.call),
      whatsapp: n(o.whatsapp),
      share: n(o.share),
      save: n(o.save),
    })),
  };
}

/** Housekeeping: the view marks and salts of past days go (nothing then links views to anyone). */
export function purgeViewMarks(db: Executor): Promise<number> {
  return repo.deleteViewMarksBefore(db, utcDay());
}
