import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatNumber, localeOf } from './format';

describe('formatNumber', () => {
  it('writes whole numbers exactly as Intl does, in both languages', () => {
    const values = [0, 7, 42, 999, 1000, 12_345, 120_000, 999_999, 1_000_000, 2_500_000_000];
    for (const language of ['ar', 'fr'] as const) {
      const intl = new Intl.NumberFormat(localeOf(language));
      for (const value of values) expect(formatNumber(value, language)).toBe(intl.format(value));
    }
    expect(formatNumber(120_000, 'ar')).toBe('120,000');
    expect(formatNumber(120_000, 'fr')).toBe('120\u202f000');
  });

  it('leaves decimals and negative numbers to Intl', () => {
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
    expect(formatNumber(0.25, 'ar')).toBe('0.25');
    expect(formatNumber(-1500, 'fr')).toBe('-1\u202f500');
  });
});

describe('formatDateTime', () => {
  it('writes a moment the same way in both languages: day, month in words, year, 24-hour time', () => {
    const afternoon = new Date(Date.UTC(2026, 2, 5, 14, 7));
    expect(formatDateTime(afternoon, 'ar')).toBe('5 مارس 2026 في 14:07');
    expect(formatDateTime(afternoon, 'fr')).toBe('5 mars 2026 à 14:07');
    expect(formatDateTime(new Date(Date.UTC(2026, 2, 5, 4, 7)), 'ar')).toBe('5 مارس 2026 في 04:07');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });
});

describe('the market’s time zone (issue 35 item 13)', () => {
  it('writes the day and time of Nouakchott whatever the machine’s zone, as server and browser must agree', async () => {
    const before = process.env.TZ;
    try {
      for (const zone of ['Asia/Tokyo', 'America/Los_Angeles', 'UTC']) {
        process.env.TZ = zone;
        // A fresh module: its formatters are made (and would take the zone) on first use.
        vi.resetModules();
        const format = await import('./format');
        expect(format.formatDate('2026-03-05T23:30:00Z', 'fr')).toBe('5 mars 2026');
        expect(format.formatDateTime('2026-03-05T23:30:00Z', 'fr')).toBe('5 mars 2026 à 23:30');
      }
    } finally {
      process.env.TZ = before;
    }
  });
});
