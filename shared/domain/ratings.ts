// Seller ratings and trust signals (issue 32 items 5 and 8, docs/ratings.md): pure rules, no zod,
// no I/O. The server enforces them; the web app reads the same names to show or hide the form.

export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
/** A buyer rates within this many days of the command's acceptance. */
export const RATING_WINDOW_DAYS = 30;
/** Trust signals: the response time is the median over this many days. */
export const RESPONSE_TIME_DAYS = 90;
/** At most this many of the latest answered messages enter the median (one bounded query). */
export const RESPONSE_TIME_SAMPLE = 200;

const DAY_MS = 86_400_000;

/** The command a rating would be for, as the rule needs it. */
export interface RatedCommand {
  /** null once its author deleted their account (no one may rate for it then) */
  user_id: number | null;
  /** the product's type: offer or demand */
  type: string;
  sold: boolean | number;
  accepted_at: string | null;
}

/**
 * Why the viewer may not rate the shop for this command, or null when they may. Only the
 * command's author, once it was accepted, within RATING_WINDOW_DAYS, and never a member of the
 * shop's staff (a shop accepting its own staff's command earns nothing). Only offers' commands:
 * on a demand the command's author is the seller, who has no shop to rate.
 */
export function ratingRefusal(
  viewerId: number,
  command: RatedCommand,
  viewerIsShopStaff: boolean,
  at: number = Date.now(),
): 'forbidden' | 'command_not_accepted' | 'rating_window_over' | null {
  if (command.user_id !== viewerId || viewerIsShopStaff || command.type !== 'offer') {
    return 'forbidden';
  }
  if (!command.sold || !command.accepted_at) return 'command_not_accepted';
  if (at > Date.parse(ratingDeadline(command.accepted_at))) return 'rating_window_over';
  return null;
}

/** The last moment the buyer may rate (ISO), RATING_WINDOW_DAYS after the acceptance. */
export function ratingDeadline(acceptedAt: string): string {
  return new Date(Date.parse(acceptedAt) + RATING_WINDOW_DAYS * DAY_MS).toISOString();
}

/** The average as shown: one decimal; null when nobody rated. */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The median of the values (the mean of the middle two for an even count); null when none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
