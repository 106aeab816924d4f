import { RELATIVE_TIME } from '../constants';

// SPEC §4 and §9: 'now' under 60 seconds, then minutes, hours, days, months of 30 days and years
// of 360 days. The label refreshes every 30 s while under a minute and every 5 min while under an
// hour; older labels change too slowly to be worth a timer.

export type RelativeUnit = 'now' | 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface RelativeTime {
  unit: RelativeUnit;
  /** Whole units elapsed (0 for 'now'). */
  count: number;
}

const { minuteSeconds, hourSeconds, daySeconds, monthDays, yearDays } = RELATIVE_TIME;

function elapsedSeconds(date: Date | string | number, now: number): number {
  const at = typeof date === 'number' ? date : new Date(date).getTime();
  // A date slightly in the future (clocks out of step) reads as 'now'.
  return Number.isFinite(at) ? Math.max(0, (now - at) / 1000) : 0;
}

export function relativeTime(date: Date | string | number, now: number = Date.now()): RelativeTime {
  const seconds = elapsedSeconds(date, now);
  if (seconds < minuteSeconds) return { unit: 'now', count: 0 };
  if (seconds < hourSeconds) return { unit: 'minute', count: Math.floor(seconds / minuteSeconds) };
  if (seconds < daySeconds) return { unit: 'hour', count: Math.floor(seconds / hourSeconds) };
  const days = Math.floor(seconds / daySeconds);
  if (days < monthDays) return { unit: 'day', count: days };
  if (days < yearDays) return { unit: 'month', count: Math.floor(days / monthDays) };
  return { unit: 'year', count: Math.floor(days / yearDays) };
}

/** Milliseconds until the label should be computed again, or null when no refresh is needed. */
export function refreshDelay(
  date: Date | string | number,
  now: number = Date.now(),
): number | null {
  const seconds = elapsedSeconds(date, now);
  if (seconds < minuteSeconds) return RELATIVE_TIME.refreshUnderMinuteMs;
  if (seconds < hourSeconds) return RELATIVE_TIME.refreshUnderHourMs;
  return null;
}
