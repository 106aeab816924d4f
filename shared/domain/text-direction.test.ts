import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('textDirection: the first strong character decides (DESIGN §9)', () => {
  it.each([
    ['Toyota Corolla 2015', 'ltr'],
    ['Téléphone à vendre', 'ltr'],
    ['sidi', 'ltr'],
    ['ÉTÉ', 'ltr'],
    ['2015 Toyota تويوتا', 'ltr'],
    ['4x4 تويوتا', 'ltr'],
    ['Ωμέγα', 'ltr'],
    ['Привет', 'ltr'],
  ])('%j starts with a left-to-right letter: ltr', (text, expected) => {
    expect(textDirection(text)).toBe(expected);
  });

  it.each([
    ['سيارة للبيع', 'rtl'],
    // Issue 20 item 2: brands, model codes and units inside Arabic keep the Arabic order.
    ['تويوتا لاند كروزر V8 موديل 2012', 'rtl'],
    ['سيارة تويوتا Corolla', 'rtl'],
    ['آيفون iPhone 13 برو', 'rtl'],
    ['2012 - مولد كهربائي 20 kVA', 'rtl'],
    ['«جهاز GPS» جديد', 'rtl'],
  ])('%j starts with an Arabic letter: rtl', (text, expected) => {
    expect(textDirection(text)).toBe(expected);
  });

  it.each([['٢٠١٥'], ['2015 - 3000'], ['!!! ???'], ['']])(
    '%j has no letter: the page decides (auto)',
    (text) => {
      expect(textDirection(text)).toBe('auto');
    },
  );

  it('a missing text follows the page', () => {
    expect(textDirection(null)).toBe('auto');
    expect(textDirection(undefined)).toBe('auto');
  });
});
