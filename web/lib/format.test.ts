import { describe, expect, it } from 'vitest';
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
    const afternoon = new Date(2026, 2, 5, 14, 7);
    expect(formatDateTime(afternoon, 'ar')).toBe('5 مارس 2026 في 14:07');
    expect(formatDateTime(afternoon, 'fr')).toBe('5 mars 2026 à 14:07');
    expect(formatDateTime(new Date(2026, 2, 5, 4, 7), 'ar')).toBe('5 مارس 2026 في 04:07');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });
});
