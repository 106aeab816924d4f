import { RENT_START_MAX_DAYS } from '../constants';

// Rentals come back (issue 32 item 7, DESIGN §12, docs/decisions.md): an accepted rent command
// holds its units from its start for its period, then they are free again. Pure rules, for the
// server (which enforces them) and the web (which words them). Times are ISO 8601 UTC strings,
// which compare as text; Mauritania keeps UTC all year, so a date is its day at 00:00 UTC.

export type RentUnit = 'month' | 'hour';

/** Units an accepted rent command holds, from `starts_at` until `ends_at` (excluded). */
export interface RentHold {
  number: number;
  starts_at: string;
  ends_at: string;
}

/** The latest end a rent may have (Date's range ends in year 275760; ISO text in 9999). */
const LATEST_END = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const HOUR_MS = 3_600_000;

/**
 * The end of a rent of `period` units (SPEC §9: 1 when not given) from `start`: calendar months
 * (31 January + 1 month is the last day of February) or hours.
 */
export function rentEnd(start: string, period: number | null, unit: RentUnit): string {
  const from = new Date(start);
  const n = period ?? 1;
  let end: number;
  if (unit === 'hour') end = from.getTime() + n * HOUR_MS;
  else {
    const months = from.getUTCMonth() + n;
    const year = from.getUTCFullYear() + Math.floor(months / 12);
    const month = months % 12;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    end = Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    );
  }
  return new Date(Number.isFinite(end) ? Math.min(end, LATEST_END) : LATEST_END).toISOString();
}

/** Units held at the instant `at`. */
export function heldAt(holds: readonly RentHold[], at: string): number {
  return holds.reduce((sum, h) => (h.starts_at <= at && at < h.ends_at ? sum + h.number : sum), 0);
}

/** The most units held at once during [from, to): what a new rent over that time competes with. */
export function peakHeld(holds: readonly RentHold[], from: string, to: string): number {
  const during = holds.filter((h) => h.starts_at < to && from < h.ends_at);
  // The count only rises at a start: the peak is at `from` or at one of the starts within.
  const instants = [from, ...during.map((h) => h.starts_at).filter((s) => s > from)];
  return Math.max(0, ...instants.map((at) => heldAt(during, at)));
}

/**
 * A rent offer's availability at `now`: the units not held, and when every unit is out, the
 * first moment one is free again (an end of a running rent not taken up by another).
 */
export function rentAvailability(
  units: number,
  holds: readonly RentHold[],
  now: string,
): { available_number: number; available_from: string | null } {
  const available = Math.max(0, units - heldAt(holds, now));
  if (available > 0 || units <= 0) return { available_number: available, available_from: null };
  const ends = [...new Set(holds.map((h) => h.ends_at).filter((end) => end > now))].sort();
  const from = ends.find((end) => heldAt(holds, end) < units) ?? null;
  return { available_number: 0, available_from: from };
}

export type RentStartCheck =
  | { ok: true; value: string | null }
  | { ok: false; error: 'bad_input' | 'date_in_past' | 'date_too_far' };

const START_FORMAT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The start a rent command asks for: a date (`2025-03-01`, that day at 00:00 UTC) or a date and
 * time (without a zone: UTC, Mauritania's time). Absent: null (the acceptance decides). Not
 * before today, at most RENT_START_MAX_DAYS ahead.
 */
export function checkRentStart(raw: unknown, now: Date): RentStartCheck {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, value: null };
  }
  const match = typeof raw === 'string' ? START_FORMAT.exec(raw.trim()) : null;
  if (!match) return { ok: false, error: 'bad_input' };
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = match;
  const text = `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone ?? 'Z'}`;
  const at = new Date(text);
  // 2025-02-30 parses as 2 March: the day must be the one written.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number.isNaN(at.getTime()) || day.getUTCDate() !== Number(d) || Number(h) > 23) {
    return { ok: false, error: 'bad_input' };
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (at.getTime() < today) return { ok: false, error: 'date_in_past' };
  if (at.getTime() > now.getTime() + RENT_START_MAX_DAYS * 86_400_000) {
    return { ok: false, error: 'date_too_far' };
  }
  return { ok: true, value: at.toISOString() };
}
