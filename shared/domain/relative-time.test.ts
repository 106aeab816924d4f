import { describe, expect, it } from 'vitest';
import { RELATIVE_TIME } from '../constants';
import { refreshDelay, relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const DAY = 86_400;

describe('relativeTime', () => {
  it.each([
    [0, 'now', 0],
    [59, 'now', 0],
    [60, 'minute', 1],
    [119, 'minute', 1],
    [59 * 60 + 59, 'minute', 59],
    [3600, 'hour', 1],
    [23 * 3600 + 3599, 'hour', 23],
    [DAY, 'day', 1],
    [29 * DAY + 3600, 'day', 29],
    [30 * DAY, 'month', 1],
    [59 * DAY, 'month', 1],
    [60 * DAY, 'month', 2],
    [359 * DAY, 'month', 11],
    [360 * DAY, 'year', 1],
    [365 * DAY, 'year', 1],
    [720 * DAY, 'year', 2],
  ])('%i s ago → %s × %i', (seconds, unit, count) => {
    expect(relativeTime(ago(seconds), NOW)).toEqual({ unit, count });
  });

  it('reads a date in the future as now', () => {
    expect(relativeTime(new Date(NOW + 5 * 60_000), NOW)).toEqual({ unit: 'now', count: 0 });
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(relativeTime(new Date(NOW - 2 * 3600_000), NOW)).toEqual({ unit: 'hour', count: 2 });
    expect(relativeTime(NOW - 3 * DAY * 1000, NOW)).toEqual({ unit: 'day', count: 3 });
  });

  it('reads an unparsable date as now rather than failing', () => {
    expect(relativeTime('not a date', NOW)).toEqual({ unit: 'now', count: 0 });
  });
});

describe('refreshDelay', () => {
  it('refreshes every 30 s under a minute', () => {
    expect(refreshDelay(ago(0), NOW)).toBe(RELATIVE_TIME.refreshUnderMinuteMs);
    expect(refreshDelay(ago(59), NOW)).toBe(30_000);
  });

  it('refreshes every 5 min under an hour', () => {
    expect(refreshDelay(ago(60), NOW)).toBe(RELATIVE_TIME.refreshUnderHourMs);
    expect(refreshDelay(ago(3599), NOW)).toBe(300_000);
  });

  it('does not refresh from an hour on', () => {
    expect(refreshDelay(ago(3600), NOW)).toBeNull();
    expect(refreshDelay(ago(400 * DAY), NOW)).toBeNull();
  });
});
