import {
  BUMP_INTERVAL_DAYS,
  LISTING_NOTICE_DAYS,
  SOLD_LISTED_DAYS,
  type MyProductStatus,
} from '../constants';

// The listing lifecycle of an offer or demand (issue 32, DESIGN §12, docs/lifecycle.md), pure, for
// the server (which enforces it) and the web app (which shows the same dates and buttons). Times
// are ISO 8601 UTC strings; `at` is now in ms.

export const DAY_MS = 86_400_000;

/**
 * `sold_at` is set when a sale ends the listing: its owner marked it sold, or a countable offer's
 * stock ran out. (SPEC's `sold` flag is also set when a command on a non-countable offer, such as a
 * service, is accepted: that offer keeps taking orders, and stays listed.)
 */
export interface Listing {
  created_at: string;
  expires_at: string;
  bumped_at: string | null;
  sold_at: string | null;
}

/** Its sale ended the listing. */
export const isSoldListing = (p: Pick<Listing, 'sold_at'>) => p.sold_at !== null;

const ms = (iso: string) => Date.parse(iso);

/** Past its expires_at: out of every list, its page says so (checked when reading). */
export const isExpired = (p: Pick<Listing, 'expires_at'>, at = Date.now()) =>
  ms(p.expires_at) <= at;

/** Live, but ending within LISTING_NOTICE_DAYS: its owner is told, and may renew. */
export const isExpiring = (p: Pick<Listing, 'expires_at'>, at = Date.now()) =>
  !isExpired(p, at) && ms(p.expires_at) - at <= LISTING_NOTICE_DAYS * DAY_MS;

/**
 * Renewal is free once per period: it opens LISTING_NOTICE_DAYS before the end (and stays open
 * after it), and adds a period to the later of the end and now, so that it cannot be repeated
 * until the new period nears its end.
 */
export const renewOpensAt = (p: Pick<Listing, 'expires_at'>) =>
  ms(p.expires_at) - LISTING_NOTICE_DAYS * DAY_MS;
export const canRenew = (p: Pick<Listing, 'expires_at' | 'sold_at'>, at = Date.now()) =>
  !isSoldListing(p) && renewOpensAt(p) <= at;
export function renewedExpiry(p: Pick<Listing, 'expires_at'>, listingDays: number, at: number) {
  return new Date(Math.max(ms(p.expires_at), at) + listingDays * DAY_MS).toISOString();
}

/**
 * A bump (once every BUMP_INTERVAL_DAYS since the last one, or the publication), of a live
 * listing only: an expired one is renewed first (renewal is what brings it back).
 */
export const nextBumpAt = (p: Pick<Listing, 'created_at' | 'bumped_at'>) =>
  ms(p.bumped_at ?? p.created_at) + BUMP_INTERVAL_DAYS * DAY_MS;
export const canBump = (
  p: Pick<Listing, 'created_at' | 'bumped_at' | 'sold_at' | 'expires_at'>,
  at = Date.now(),
) => !isSoldListing(p) && !isExpired(p, at) && nextBumpAt(p) <= at;

/**
 * Marking sold (or satisfied) ends a live listing; an expired one is already out of every list,
 * and has only renewal (then the rest), edit and delete.
 */
export const canMarkSold = (p: Pick<Listing, 'expires_at' | 'sold_at'>, at = Date.now()) =>
  !isSoldListing(p) && !isExpired(p, at);
/** A bump renews too: a whole period from now, never less than what was left. */
export function bumpedExpiry(p: Pick<Listing, 'expires_at'>, listingDays: number, at: number) {
  return new Date(Math.max(ms(p.expires_at), at + listingDays * DAY_MS)).toISOString();
}

/** When a sold offer leaves the lists, and until when its sale can be undone. */
export const soldEndsAt = (p: Pick<Listing, 'sold_at'>) =>
  p.sold_at ? ms(p.sold_at) + SOLD_LISTED_DAYS * DAY_MS : 0;
export const canUndoSold = (p: Pick<Listing, 'sold_at'>, at = Date.now()) =>
  isSoldListing(p) && soldEndsAt(p) > at;

/**
 * The tab of "My offers" a product is in (hidden first: moderation outranks the rest; then sold,
 * expired, expiring, live).
 */
export function listingStatus(
  p: Pick<Listing, 'expires_at' | 'sold_at'> & { moderation_status?: string },
  at = Date.now(),
): MyProductStatus {
  if (p.moderation_status !== undefined && p.moderation_status !== 'visible') return 'hidden';
  if (isSoldListing(p)) return 'sold';
  if (isExpired(p, at)) return 'expired';
  return isExpiring(p, at) ? 'expiring' : 'live';
}
