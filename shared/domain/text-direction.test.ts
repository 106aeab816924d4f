import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('textDirection', () => {
  it.each([
    ['Toyota Corolla 2015', 'ltr'],
    ['Téléphone à vendre', 'ltr'],
    ['sidi', 'ltr'],
    ['سيارة تويوتا Corolla', 'ltr'],
    ['ÉTÉ', 'ltr'],
  ])('%j has Latin letters: ltr', (text, expected) => {
    expect(textDirection(text)).toBe(expected);
  });

  it.each([
    ['سيارة للبيع', 'rtl'],
    ['٢٠١٥', 'rtl'],
    ['2015 - 3000', 'rtl'],
    ['!!! ???', 'rtl'],
    ['', 'rtl'],
  ])('%j has no Latin letter: rtl', (text, expected) => {
    expect(textDirection(text)).toBe(expected);
  });

  it('treats a missing text as right-to-left', () => {
    expect(textDirection(null)).toBe('rtl');
    expect(textDirection(undefined)).toBe('rtl');
  });

  it('does not count Greek or Cyrillic letters as Latin', () => {
    expect(textDirection('Ωμέγα')).toBe('rtl');
    expect(textDirection('Привет')).toBe('rtl');
  });
});
