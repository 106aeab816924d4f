import type { DB, Executor } from '../../db/types';
import type { AuthUser } from '../../plugins/session';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { forbidden, HttpError, notFound } from '../../errors';
import { can } from '../../../shared/domain/permissions';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import {
  median,
  ratingDeadline,
  ratingRefusal,
  RESPONSE_TIME_DAYS,
  RESPONSE_TIME_SAMPLE,
  roundedAverage,
} from '../../../shared/domain/ratings';
import { toPagination } from '../../../shared/schemas/common';
import type { RatingBody, RatingSummary, ShopTrust } from '../../../shared/schemas/ratings';
import { loadVisibleCommand } from '../commands/command-visibility';
import { holdContactFromNewAccount } from '../moderation/reports.service';
import * as announcements from '../moderation/announcements.repository';
import { shopManagerIds } from '../commands/commands.repository';
import { notify } from '../notifications/notify';
import { findShopRow, shopRoleOf } from '../shops/shops.repository';
import { TtlCache } from './ttl-cache';
import * as repo from './ratings.repository';
import { toRating } from './ratings.mapper';

// Seller ratings (issue 32 item 5) and the offer page's trust signals (item 8); docs/ratings.md.

type Viewer = AuthUser | null;

const refused = (key: string) => new HttpError(422, { global: [key] });

export const toSummary = (r: { sum: number; count: number }): RatingSummary => ({
  rating_average: roundedAverage(r.sum, r.count),
  rating_count: r.count,
});

/** What the viewer sees of a rating: its command to its parties, its state to its author. */
async function shown(db: Executor, row: repo.RatingListRow, viewer: Viewer) {
  const party =
    !!viewer &&
    (viewer.id === row.user_id ||
      can.moderate(viewer) ||
      !!(await shopRoleOf(db, row.shop_id, viewer.id)));
  return toRating(row, party);
}

/**
 * POST /commands/{id}/rating: the buyer of an accepted command rates the shop, once per command
 * and once per shop, within RATING_WINDOW_DAYS (shared/domain/ratings.ts). A new account's text
 * with a number or a link is held for review, as a comment's is.
 */
export async function rate(db: DB, commandId: number, viewer: AuthUser, body: RatingBody) {
  try {
    return await db.transaction().execute(async (trx) => {
      // 404 for whoever may not see the command (a private one, a stranger's held one).
      const { command, product, shopRole } = await loadVisibleCommand(trx, commandId, viewer);
      const refusal = ratingRefusal(viewer.id, { ...command, type: product.type }, !!shopRole);
      if (refusal === 'forbidden') throw forbidden();
      if (refusal) throw refused(refusal);
      if (await repo.hasRatedShop(trx, product.shop_id, viewer.id)) throw refused('already_rated');
      const id = await repo.insertRating(trx, {
        shop_id: product.shop_id,
        user_id: viewer.id,
        command_id: command.id,
        product_id: product.id,
        stars: body.stars,
        text: body.text,
      });
      // A held rating tells the shop when a moderator releases it (its text is hidden till then).
      if (await holdContactFromNewAccount(trx, 'rating', id, viewer.id, body.text)) {
        await announcements.owe(trx, 'rating', id);
      } else {
        await announceRating(trx, id);
      }
      return toRating((await repo.findRating(trx, id))!, true);
    });
  } catch (error) {
    // Two requests at once: the unique constraints let one in.
    if (isUniqueViolation(error)) throw refused('already_rated');
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * `rated` to the shop's managers (owner, admins, moderators: those who answer it), in the
 * rating's transaction, or on its release when it was held (moderation.service). Opens the shop's
 * reviews tab; names the shop as it is now and the stars given.
 */
export async function announceRating(trx: Executor, id: number): Promise<void> {
  const row = await repo.findRating(trx, id);
  const shop = row && (await findShopRow(trx, row.shop_id));
  if (!row || !shop) return;
  await notify(trx, 'rated', row.user_id, await shopManagerIds(trx, shop.id), {
    shop_id: shop.id,
    shop_name: shop.name,
    stars: row.stars,
    product_id: row.product_id ?? undefined,
    command_id: row.command_id ?? undefined,
    type: 'offer',
  });
}

/** A rating the viewer may see: visible with a buyer not banned, or the author's or staff's. */
async function loadVisibleRating(db: Executor, id: number, viewer: Viewer) {
  const row = await repo.findRating(db, id);
  if (!row) throw notFound();
  const counts = row.moderation_status === 'visible' && !row.user_banned_at;
  if (!counts && !can.seeModerated(viewer, row)) throw notFound();
  return row;
}

/** POST /ratings/{id}/answer: any member of the shop's staff, once. */
export async function answer(db: DB, id: number, viewer: AuthUser, text: string) {
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleRating(trx, id, viewer);
    if (!(await shopRoleOf(trx, row.shop_id, viewer.id))) throw forbidden();
    if (!(await repo.setAnswer(trx, id, viewer.id, text))) throw refused('already_answered');
    await announceAnswer(trx, row, viewer.id);
    return toRating((await repo.findRating(trx, id))!, true);
  });
}

/**
 * `rating_answered` to the rating's author (the buyer), in the answer's transaction: the member of
 * the staff who answered is the actor (never told), the shop named as it is now.
 */
async function announceAnswer(trx: Executor, row: repo.RatingListRow, actorId: number) {
  const shop = await findShopRow(trx, row.shop_id);
  if (!shop) return;
  await notify(trx, 'rating_answered', actorId, [row.user_id], {
    shop_id: shop.id,
    shop_name: shop.name,
    stars: row.stars,
    product_id: row.product_id ?? undefined,
    command_id: row.command_id ?? undefined,
    type: 'offer',
  });
}

/** GET /shops/{id}/ratings?page=: the ratings that count, newest first. */
export async function list(db: DB, shopId: number, page: number, viewer: Viewer) {
  if (!(await findShopRow(db, shopId))) throw notFound();
  const { rows, total } = await repo.listRatings(db, {
    shopId,
    limit: LIST_PAGE_SIZE,
    offset: (page - 1) * LIST_PAGE_SIZE,
  });
  const ratings = await Promise.all(rows.map((row) => shown(db, row, viewer)));
  return toPagination(ratings, total, page, LIST_PAGE_SIZE);
}

/**
 * GET /commands/{id}/rating: the command's rating (null when none) for whoever sees the command,
 * and until when the viewer may still rate it (null when they may not: the form's state).
 */
export async function ofCommand(db: DB, commandId: number, viewer: Viewer) {
  const { command, product, shopRole } = await loadVisibleCommand(db, commandId, viewer);
  const row = await repo.ratingOfCommand(db, commandId);
  const counts = row && row.moderation_status === 'visible' && !row.user_banned_at;
  const rating =
    row && (counts || can.seeModerated(viewer, row)) ? await shown(db, row, viewer) : null;
  const mayRate =
    !row &&
    !!viewer &&
    ratingRefusal(viewer.id, { ...command, type: product.type }, !!shopRole) === null &&
    !(await repo.hasRatedShop(db, product.shop_id, viewer.id));
  return { rating, rate_until: mayRate ? ratingDeadline(command.accepted_at!) : null };
}

/** A user's rating: over the shops they own. */
export async function ofOwner(db: Executor, userId: number) {
  return toSummary(await repo.ownerRating(db, userId));
}

const RESPONSE_CACHE_MS = 10 * 60_000;
type ResponseTime = { minutes: number | null; count: number };
/** One cache per database (tests run an app on each engine in one process). */
const responseCaches = new WeakMap<DB, TtlCache<number, ResponseTime>>();
function responseCache(db: DB) {
  let cache = responseCaches.get(db);
  if (!cache) responseCaches.set(db, (cache = new TtlCache(RESPONSE_CACHE_MS, 2_000)));
  return cache;
}

/** The median minutes from a question to the staff's first answer, over RESPONSE_TIME_DAYS. */
async function responseTime(db: Executor, shopId: number): Promise<ResponseTime> {
  const since = new Date(Date.now() - RESPONSE_TIME_DAYS * 86_400_000).toISOString();
  const rows = await repo.responseTimes(db, shopId, since, RESPONSE_TIME_SAMPLE);
  const delays: number[] = [];
  for (const r of rows) {
    const answers = [r.replied_at, r.accepted_at].filter((a): a is string => !!a).map(Date.parse);
    if (answers.length) delays.push(Math.min(...answers) - Date.parse(r.asked_at));
  }
  const ms = median(delays);
  return {
    minutes: ms === null ? null : Math.max(0, Math.round(ms / 60_000)),
    count: delays.length,
  };
}

/**
 * GET /shops/{id}/trust (item 8). The rating and the owner's facts are read each time (two
 * indexed reads); the response time, the dearer part, is kept RESPONSE_CACHE_MS per process.
 */
export async function trust(db: DB, shopId: number): Promise<ShopTrust> {
  if (!(await findShopRow(db, shopId))) throw notFound();
  const [owner, rating, response] = await Promise.all([
    repo.shopOwnerFacts(db, shopId),
    repo.shopRating(db, shopId),
    responseCache(db).get(shopId, () => responseTime(db, shopId)),
  ]);
  return {
    ...toSummary(rating),
    member_since: owner?.created_at ?? null,
    phone_verified_at: owner?.phone_verified_at ?? null,
    response_minutes: response.minutes,
    responses_count: response.count,
  };
}
