import { sql } from 'kysely';
import type { Executor } from '../../db/types';

// Tables of migration 015 (docs/insights.md): daily counters per offer and the day's view marks.

/** The counters an event or a phone reveal bumps. */
export type StatColumn =
  'view_count' | 'phone_count' | 'call_count' | 'whatsapp_count' | 'share_count';

const SHOP_NUMBERS = [
  'shops.phone_1',
  'shops.phone_2',
  'shops.first_whatsapp_number',
  'shops.second_whatsapp_number',
] as const;

/** The offer's shop and the shop's numbers (GET /products/{id}/phone), or undefined. */
export function productContact(db: Executor, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.shop_id', ...SHOP_NUMBERS])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}

/** The shop's numbers (GET /shops/{id}/phone), or undefined. */
export function shopContact(db: Executor, shopId: number) {
  return db
    .selectFrom('shops')
    .select(['shops.id as shop_id', ...SHOP_NUMBERS])
    .where('shops.id', '=', shopId)
    .executeTakeFirst();
}

/** The user's numbers (GET /users/{id}/phone), or undefined. */
export function userContact(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'phone_1', 'phone_2', 'whatsapp_number'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Adds one to the shop's phone reveals of `day` (its page's or its owner's profile's taps). */
export async function bumpShopPhones(db: Executor, shopId: number, day: string): Promise<void> {
  await db
    .insertInto('shop_daily_stats')
    .values({ shop_id: shopId, day, phone_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['shop_id', 'day'])
        .doUpdateSet({ phone_count: sql<number>`shop_daily_stats.phone_count + 1` }),
    )
    .execute();
}

/** The shop's own phone reveals (page and owner's profile) per day from `from` on. */
export function shopPhonesPerDay(db: Executor, shopId: number, from: string) {
  return db
    .selectFrom('shop_daily_stats')
    .select(['day', 'phone_count as phone'])
    .where('shop_id', '=', shopId)
    .where('day', '>=', from)
    .execute();
}

/** Adds one to `column` of the offer's row for `day`, creating the row (one statement). */
export async function bumpStat(
  db: Executor,
  productId: number,
  day: string,
  column: StatColumn,
): Promise<void> {
  await db
    .insertInto('product_daily_stats')
    .values({ product_id: productId, day, [column]: 1 })
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'day'])
        .doUpdateSet({ [column]: sql<number>`product_daily_stats.${sql.ref(column)} + 1` }),
    )
    .execute();
}

/** Which of `marks` the day already holds. */
export async function existingMarks(
  db: Executor,
  day: string,
  marks: string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('product_view_marks')
    .select('mark')
    .where('day', '=', day)
    .where('mark', 'in', marks)
    .execute();
  return new Set(rows.map((r) => r.mark));
}

/** Records the mark; true when it is new (the first of its kind today). */
export async function addViewMark(db: Executor, day: string, mark: string): Promise<boolean> {
  const inserted = await db
    .insertInto('product_view_marks')
    .values({ day, mark })
    .onConflict((oc) => oc.columns(['day', 'mark']).doNothing())
    .returning('mark')
    .executeTakeFirst();
  return inserted !== undefined;
}

const SALT_PREFIX = 'view_salt:';
export const saltKey = (day: string) => `${SALT_PREFIX}${day}`;

/** Deletes the view marks and salts of days before `day`; answers how many rows went. */
export async function deleteViewMarksBefore(db: Executor, day: string): Promise<number> {
  const marks = await db.deleteFrom('product_view_marks').where('day', '<', day).executeTakeFirst();
  const salts = await db
    .deleteFrom('settings')
    .where('key', 'like', `${SALT_PREFIX}%`)
    .where('key', '<', saltKey(day))
    .executeTakeFirst();
  return Number(marks.numDeletedRows) + Number(salts.numDeletedRows);
}

/** The shop's counters summed per day from `from` (YYYY-MM-DD) on. */
export function statsPerDay(db: Executor, shopId: number, from: string) {
  return db
    .selectFrom('product_daily_stats as s')
    .innerJoin('products', 'products.id', 's.product_id')
    .select((eb) => [
      's.day',
      eb.fn.sum<number>('s.view_count').as('views'),
      eb.fn.sum<number>('s.phone_count').as('phone'),
      eb.fn.sum<number>('s.call_count').as('call'),
      eb.fn.sum<number>('s.whatsapp_count').as('whatsapp'),
      eb.fn.sum<number>('s.share_count').as('share'),
      eb.fn.sum<number>('s.bump_count').as('bump'),
    ])
    .where('products.shop_id', '=', shopId)
    .where('s.day', '>=', from)
    .groupBy('s.day')
    .execute();
}

/** Saves of the shop's products per day (the day of saves.created_at, ISO text) from `from`. */
export function savesPerDay(db: Executor, shopId: number, from: string) {
  const day = sql<string>`substr(saves.created_at, 1, 10)`;
  return db
    .selectFrom('saves')
    .innerJoin('products', 'products.id', 'saves.product_id')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('save')])
    .where('products.shop_id', '=', shopId)
    .where('saves.created_at', '>=', from)
    .groupBy(day)
    .execute();
}

/** The shop's products with their counters over the period, most viewed first. */
export function statsPerOffer(db: Executor, shopId: number, from: string, limit: number) {
  const stats = db
    .selectFrom('product_daily_stats')
    .select((eb) => [
      'product_id',
      eb.fn.sum<number>('view_count').as('views'),
      eb.fn.sum<number>('phone_count').as('phone'),
      eb.fn.sum<number>('call_count').as('call'),
      eb.fn.sum<number>('whatsapp_count').as('whatsapp'),
      eb.fn.sum<number>('share_count').as('share'),
      eb.fn.sum<number>('bump_count').as('bump'),
    ])
    .where('day', '>=', from)
    .groupBy('product_id')
    .as('s');
  const saves = db
    .selectFrom('saves')
    .select((eb) => ['product_id', eb.fn.countAll<number>().as('save')])
    .where('created_at', '>=', from)
    .groupBy('product_id')
    .as('v');
  return db
    .selectFrom('products')
    .leftJoin(stats, 's.product_id', 'products.id')
    .leftJoin(saves, 'v.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.name_ar',
      'products.name_fr',
      'products.type',
      's.views',
      's.phone',
      's.call',
      's.whatsapp',
      's.share',
      's.bump',
      'v.save',
    ])
    .where('products.shop_id', '=', shopId)
    .orderBy(sql`coalesce(s.views, 0)`, 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
}
