import { describe, expect, it } from 'vitest';
import { groupsDigits, numberText, numericInput, readNumber } from './numbers';

describe('numberText / readNumber (issue 35 item 3)', () => {
  it('reads Arabic-Indic and Eastern digits', () => {
    expect(readNumber('٢٥٠٠٠٠٠')).toBe(2_500_000);
    expect(readNumber('۲۵۰۰۰۰۰')).toBe(2_500_000);
    expect(readNumber('٢٠١٢')).toBe(2012);
  });

  it('reads the Arabic decimal and thousands separators', () => {
    expect(readNumber('١٢٫٥')).toBe(12.5);
    expect(readNumber('٢٬٥٠٠٬٠٠٠')).toBe(2_500_000);
  });

  it('reads French and English groups and the French decimal comma', () => {
    expect(readNumber('2 500 000')).toBe(2_500_000);
    expect(readNumber('2\u202f500\u202f000')).toBe(2_500_000);
    expect(readNumber('2,500,000')).toBe(2_500_000);
    expect(readNumber('2.500.000')).toBe(2_500_000);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber(' 42 ')).toBe(42);
    expect(numberText('١٬٢٣٤٫٥')).toBe('1234.5');
  });

  it('refuses what is no number', () => {
    for (const bad of ['', 'abc', '12abc', '1e5', '0x10', 'Infinity', '1,2,3', '١-٢', '.']) {
      expect(readNumber(bad)).toBeNull();
    }
    expect(readNumber(Number.NaN)).toBeNull();
    expect(readNumber(null)).toBeNull();
  });

  it('preprocesses for zod: numbers out of typed text, the rest untouched', () => {
    expect(numericInput('٣')).toBe(3);
    expect(numericInput('x')).toBe('x');
    expect(numericInput('')).toBe('');
    expect(numericInput(7)).toBe(7);
  });
});

describe('groupsDigits (issue 35 item 4)', () => {
  it('groups quantities: a unit, or a name that names no identifier', () => {
    expect(groupsDigits({ name: 'mileage', mesure_unit: 'KM' })).toBe(true);
    expect(groupsDigits({ name: 'surface', mesure_unit: 'M2' })).toBe(true);
    expect(groupsDigits({ name: 'operating_hours', mesure_unit: '' })).toBe(true);
    expect(groupsDigits({ name: 'age_years', mesure_unit: '' })).toBe(true);
  });

  it('never groups years, models, codes and references', () => {
    for (const name of [
      'model_year',
      'year',
      'postal_code',
      'model',
      'reference',
      'serial_number',
    ]) {
      expect(groupsDigits({ name, mesure_unit: '' })).toBe(false);
    }
    // An admin's field named in its labels only.
    expect(groupsDigits({ name: 'f12', name_fr: 'Année', mesure_unit: '' })).toBe(false);
    expect(groupsDigits({ name: 'f12', name_ar: 'سنة الصنع', mesure_unit: '' })).toBe(false);
  });
});
