import type { DB, Executor } from '../../db/types';
import { forbidden, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import { INSIGHTS_OFFERS_MAX, type ProductEventKind } from '../../../shared/constants';
import type { Insights, Phones } from '../../../shared/schemas/insights';
import { personalShopIdOf, shopRoleOf } from '../shops/shops.repository';
import { shopExists } from '../products/products.repository';
import * as repo from './insights.repository';
import { firstOfDay, isBot, utcDay, type VisitorKeys } from './visitors';

// Phone on tap and shop insights (issue 19 items 5 and 6; docs/insights.md).

/** Who sent the request, as far as counting goes. */
export interface Visitor {
  user: AuthUser | null;
  /** Who they are and where from, to count each event once (visitors.ts). */
  keys: VisitorKeys;
  userAgent: string | undefined;
}

const COLUMN: Record<ProductEventKind | 'phone', repo.StatColumn> = {
  view: 'view_count',
  phone: 'phone_count',
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

/** Counts the event on the offer, once per visitor and day (and a few per address key). */
async function countOnOffer(
  db: Executor,
  productId: number,
  shopId: number,
  kind: ProductEventKind | 'phone',
  visitor: Visitor,
): Promise<void> {
  if (!(await counts(db, shopId, visitor))) return;
  const day = utcDay();
  if (!(await firstOfDay(db, day, `${kind}:p${productId}`, visitor.keys))) return;
  await repo.bumpStat(db, productId, day, COLUMN[kind]);
}

type ShopNumbers = {
  phone_1: string | null;
  phone_2: string | null;
  first_whatsapp_number: string | null;
  second_whatsapp_number: string | null;
};

const shopPhones = (row: ShopNumbers): Phones => ({
  phone_1: row.phone_1,
  phone_2: row.phone_2,
  whatsapp_number: row.first_whatsapp_number,
  second_whatsapp_number: row.second_whatsapp_number,
});

/** GET /products/{id}/phone: the shop's numbers, counted as a phone reveal of the offer. */
export async function revealPhones(db: DB, productId: number, visitor: Visitor): Promise<Phones> {
  const row = await repo.productContact(db, productId);
  if (!row) throw notFound();
  await countOnOffer(db, productId, row.shop_id, 'phone', visitor);
  return shopPhones(row);
}

/** A phone reveal of the shop itself (its page, its owner's profile), once per visitor and day. */
async function countOnShop(db: Executor, shopId: number, visitor: Visitor): Promise<void> {
  if (!(await counts(db, shopId, visitor))) return;
  const day = utcDay();
  if (!(await firstOfDay(db, day, `phone:s${shopId}`, visitor.keys))) return;
  await repo.bumpShopPhones(db, shopId, day);
}

/** GET /shops/{id}/phone (issue 29 item 2): the shop's numbers, counted in its insights. */
export async function revealShopPhones(db: DB, shopId: number, visitor: Visitor): Promise<Phones> {
  const row = await repo.shopContact(db, shopId);
  if (!row) throw notFound();
  await countOnShop(db, shopId, visitor);
  return shopPhones(row);
}

/**
 * GET /users/{id}/phone (issue 29 item 2): the user's numbers, counted in the insights of their
 * personal shop (whose numbers follow the profile's, DESIGN §6), when they have one.
 */
export async function revealUserPhones(db: DB, userId: number, visitor: Visitor): Promise<Phones> {
  const row = await repo.userContact(db, userId);
  if (!row) throw notFound();
  const shopId = await personalShopIdOf(db, userId);
  if (shopId !== null && visitor.user?.id !== userId) await countOnShop(db, shopId, visitor);
  return {
    phone_1: row.phone_1,
    phone_2: row.phone_2,
    whatsapp_number: row.whatsapp_number,
    second_whatsapp_number: null,
  };
}

/** POST /products/{id}/events: each kind once per visitor, offer and day (issue 29 item 9). */
export async function recordEvent(
  db: DB,
  productId: number,
  kind: ProductEventKind,
  visitor: Visitor,
): Promise<void> {
  const row = await repo.productContact(db, productId);
  if (!row) throw notFound();
  await countOnOffer(db, productId, row.shop_id, kind, visitor);
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
  const [stats, saves, offers, shopPhonesByDay] = await Promise.all([
    repo.statsPerDay(db, shopId, from),
    repo.savesPerDay(db, shopId, from),
    repo.statsPerOffer(db, shopId, from, INSIGHTS_OFFERS_MAX),
    repo.shopPhonesPerDay(db, shopId, from),
  ]);
  const byDay = new Map(stats.map((r) => [r.day, r]));
  const savesByDay = new Map(saves.map((r) => [r.day, n(r.save)]));
  // Numbers given on the shop's page or its owner's profile belong to no offer: the day has them.
  const ownPhones = new Map(shopPhonesByDay.map((r) => [r.day, n(r.phone)]));
  return {
    days: dates.map((date) => {
      const r = byDay.get(date);
      return {
        date,
        views: n(r?.views),
        phone: n(r?.phone) + (ownPhones.get(date) ?? 0),
        call: n(r?.call),
        whatsapp: n(r?.whatsapp),
        share: n(r?.share),
        save: savesByDay.get(date) ?? 0,
        bump: n(r?.bump),
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
      bump: n(o.bump),
    })),
  };
}

/** Housekeeping: the view marks and salts of past days go (nothing then links views to anyone). */
export function purgeViewMarks(db: Executor): Promise<number> {
  return repo.deleteViewMarksBefore(db, utcDay());
}
