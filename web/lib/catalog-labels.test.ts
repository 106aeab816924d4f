import { describe, expect, it } from 'vitest';
import { catalogLabels } from './catalog-labels';

// Issue 33 item 2: one helper for catalogue labels, with one fallback; issue 35 item 4: a number
// field is grouped only when it is a quantity.

const words: Record<string, string> = {
  fuel: 'Carburant',
  diesel: 'Diesel',
  gps: 'GPS',
  unit_KM: 'km',
  model: 'Modèle',
};
const fr = catalogLabels(
  'fr',
  (key) => words[key] ?? `!${key}`,
  (key) => key in words,
);
const ar = catalogLabels(
  'ar',
  (key) => words[key] ?? `!${key}`,
  (key) => key in words,
);
const numberField = (name: string, value: string, mesure_unit = '') => ({
  name,
  type: 'number',
  translated: 'no' as const,
  mesure_unit,
  pivot: { value },
});

describe('catalogLabels', () => {
  it('names: the admin label, then the dictionary, then the key as typed', () => {
    expect(fr.name({ name: 'fuel', name_fr: 'Énergie' })).toBe('Énergie');
    expect(fr.name({ name: 'fuel' })).toBe('Carburant');
    expect(fr.name('model')).toBe('Modèle');
    expect(fr.name('cylindree')).toBe('cylindree');
  });

  it('units: the word, else the unit as typed, never a raw key; nothing for none', () => {
    expect(fr.unit('KM')).toBe('km');
    expect(fr.unit('HP')).toBe('HP');
    expect(fr.unit('')).toBe('');
    expect(fr.unit(null)).toBe('');
  });

  it('values: keys only for a translated field, with the same fallback', () => {
    expect(fr.value({ translated: 'yes' }, 'diesel')).toBe('Diesel');
    expect(fr.value({ translated: 'yes' }, 'hybride')).toBe('hybride');
    expect(fr.value({ translated: 'no' }, 'diesel')).toBe('diesel');
    const list = { name: 'f', type: 'checkbox', translated: 'yes' as const };
    expect(fr.fieldValue({ ...list, pivot: { value: '["gps","abs"]' } })).toBe('GPS, abs');
    expect(ar.fieldValue({ ...list, pivot: { value: '["gps","abs"]' } })).toBe('GPS، abs');
  });

  it('groups a quantity’s digits, never a year’s or a code’s (issue 35 item 4)', () => {
    expect(fr.fieldValue(numberField('mileage', '168000', 'KM'))).toBe('168\u202f000');
    expect(ar.fieldValue(numberField('mileage', '168000', 'KM'))).toBe('168,000');
    expect(fr.fieldValue(numberField('model_year', '2012'))).toBe('2012');
    expect(ar.fieldValue(numberField('model_year', '2012'))).toBe('2012');
    expect(fr.fieldValue(numberField('postal_code', '10000'))).toBe('10000');
    expect(fr.fieldValue(numberField('operating_hours', '12500'))).toBe('12\u202f500');
  });
});
