import type { DB, Executor } from '../../db/types';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { notify } from '../notifications/notify';
import { utcDay } from '../insights/visitors';
import { can } from '../../../shared/domain/permissions';
import { LIST_PAGE_SIZE, SOLD_LISTED_DAYS } from '../../../shared/constants';
import {
  bumpedExpiry,
  canBump,
  canRenew,
  DAY_MS,
  isExpired,
  nextBumpAt,
  renewedExpiry,
} from '../../../shared/domain/listing';
import { toPagination } from '../../../shared/schemas/common';
import type { MyProductsAnswer, MyProductsQuery } from '../../../shared/schemas/products';
import * as repo from './products.repository';
import * as lifecycle from './lifecycle.repository';
import { detail } from './product-reads.service';
import { toProductCard } from './products.mapper';
import { availabilityOfCards } from '../rentals/rentals.service';

// Renew, bump, sold and "My offers" (issue 32 items 1-4, DESIGN §4, docs/lifecycle.md). Each
// write runs in a transaction whose UPDATE is guarded by what was read: of two requests at once,
// one wins and the other is refused as if it came second.

/** At most this many people who saved an offer are told it sold (the latest savers). */
const SAVED_SOLD_MAX_RECIPIENTS = 500;

const renewTooSoon = () => new HttpError(422, { global: ['renew_too_soon'] });
const productSold = () => new HttpError(422, { global: ['product_sold'] });
// An expired listing is renewed first: bumping or marking it sold is refused, as on its page.
const productExpired = () => new HttpError(422, { global: ['product_expired'] });
const bumpTooSoon = (at: number, now: number) =>
  new HttpError(
    429,
    { global: ['bump_too_soon'] },
    { 'retry-after': String(Math.max(1, Math.ceil((at - now) / 1000))) },
  );

/** The product, if the viewer may manage its listing (404 unknown, 403 not theirs). */
async function managed(db: Executor, viewer: AuthUser, id: number) {
  const product = await repo.findProduct(db, id);
  if (!product) throw notFound();
  const role = await repo.shopRoleOf(db, product.shop_id, viewer.id);
  if (!can.manageListing(viewer, role, product)) throw forbidden();
  return product;
}

/** POST /products/{id}/renew: free once per period (it opens LISTING_NOTICE_DAYS before the end). */
export async function renew(db: DB, listingDays: number, viewer: AuthUser, id: number) {
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    const product = await managed(trx, viewer, id);
    if (product.sold_at) throw productSold();
    if (!canRenew(product, at)) throw renewTooSoon();
    const expires = renewedExpiry(product, listingDays, at);
    const iso = new Date(at).toISOString();
    if (!(await lifecycle.renew(trx, id, product.expires_at, expires, iso))) throw renewTooSoon();
  });
  return (await detail(db, id, viewer))!;
}

/** POST /products/{id}/bump: back to the top of "newest", renewed, once every BUMP_INTERVAL_DAYS. */
export async function bump(db: DB, listingDays: number, viewer: AuthUser, id: number) {
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    const product = await managed(trx, viewer, id);
    if (product.sold_at) throw productSold();
    if (isExpired(product, at)) throw productExpired();
    if (!canBump(product, at)) throw bumpTooSoon(nextBumpAt(product), at);
    const expires = bumpedExpiry(product, listingDays, at);
    const iso = new Date(at).toISOString();
    if (!(await lifecycle.bump(trx, id, product.bumped_at, expires, iso))) {
      // Another bump (or a sale) won: refused as the second one.
      const now = await repo.findProduct(trx, id);
      if (now?.sold_at) throw productSold();
      throw bumpTooSoon(now ? nextBumpAt(now) : at, at);
    }
    await lifecycle.countBump(trx, id, utcDay(new Date(at)));
  });
  return (await detail(db, id, viewer))!;
}

/** POST /products/{id}/sold: sold for every offer; those who saved it are told (once each). */
export async function markSold(db: DB, viewer: AuthUser, id: number) {
  await db.transaction().execute(async (trx) => {
    const product = await managed(trx, viewer, id);
    const at = Date.now();
    const iso = new Date(at).toISOString();
    if (!product.sold_at && isExpired(product, at)) throw productExpired();
    if (product.sold_at || !(await lifecycle.markSold(trx, id, iso))) {
      throw new HttpError(422, { global: ['product_already_sold'] });
    }
    const savers = await lifecycle.saverIds(trx, id, SAVED_SOLD_MAX_RECIPIENTS);
    // One notification per person and offer: selling, un-selling and selling again tells once.
    await notify(
      trx,
      'saved_sold',
      viewer.id,
      savers,
      { product_id: id, type: product.type },
      { group: `saved_sold:${id}` },
    );
  });
  return (await detail(db, id, viewer))!;
}

/** DELETE /products/{id}/sold: undoes a sale within SOLD_LISTED_DAYS, while stock is left. */
export async function unmarkSold(db: DB, viewer: AuthUser, id: number) {
  await db.transaction().execute(async (trx) => {
    const product = await managed(trx, viewer, id);
    if (!product.sold_at) throw new HttpError(422, { global: ['not_sold'] });
    const at = Date.now();
    const since = new Date(at - SOLD_LISTED_DAYS * DAY_MS).toISOString();
    const sub = await repo.findSubcategory(trx, product.psubcategory_id);
    const countable = sub?.can_be_counted === 'yes';
    const iso = new Date(at).toISOString();
    if (!(await lifecycle.unmarkSold(trx, id, since, iso, countable))) {
      const now = await repo.findProduct(trx, id);
      if (!now?.sold_at) throw new HttpError(422, { global: ['not_sold'] });
      if (countable && now.sold_count >= now.number) {
        throw invalid('global', 'number_not_available');
      }
      throw new HttpError(422, { global: ['unsold_too_late'] });
    }
  });
  return (await detail(db, id, viewer))!;
}

/** GET /users/me/products: a tab of the offers (or demands) of every shop the user is staff of. */
export async function myProducts(
  db: Executor,
  viewer: AuthUser,
  query: MyProductsQuery,
): Promise<MyProductsAnswer> {
  const roles = await lifecycle.rolesOf(db, viewer.id);
  const shopIds = [...roles.keys()];
  const at = new Date().toISOString();
  const empty = { live: 0, expiring: 0, expired: 0, sold: 0, hidden: 0 };
  if (!shopIds.length) {
    return { products: toPagination([], 0, query.page, LIST_PAGE_SIZE), counts: empty };
  }
  const base = { shopIds, type: query.type, at };
  const [rows, counts] = await Promise.all([
    lifecycle.myProducts(db, {
      ...base,
      status: query.status,
      limit: LIST_PAGE_SIZE,
      offset: (query.page - 1) * LIST_PAGE_SIZE,
    }),
    lifecycle.myCounts(db, base),
  ]);
  const rent = await availabilityOfCards(db, rows);
  const data = rows.map((row) => {
    const role = roles.get(row.shop_id);
    return {
      ...toProductCard(row),
      ...rent.get(row.id),
      moderation_status: row.moderation_status,
      manageable: can.manageListing(viewer, role, row),
      deletable: can.deleteProduct(viewer, role),
    };
  });
  return {
    products: toPagination(data, counts[query.status], query.page, LIST_PAGE_SIZE),
    counts,
  };
}
