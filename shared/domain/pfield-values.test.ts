import { describe, expect, it } from 'vitest';
import {
  fieldOptions,
  hasSubField,
  PFIELD_KEY,
  PFIELD_SUB_KEY,
  readFieldValues,
  subFieldOf,
} from './pfield-values';

const brands = JSON.stringify([
  { value: 'Toyota', sub_field: { name: 'model', values: [{ value: 'Hilux' }] } },
  { value: 2019 },
]);

describe('a field’s values (SPEC §3)', () => {
  it('reads the one shape, numbers as text, sub-fields nested', () => {
    expect(readFieldValues(brands)).toEqual([
      { value: 'Toyota', sub_field: { name: 'model', values: [{ value: 'Hilux' }] } },
      { value: '2019' },
    ]);
    expect(readFieldValues('[]')).toEqual([]);
    expect(fieldOptions({ values: brands })).toEqual(['Toyota', '2019']);
  });

  it('refuses other shapes as a whole: bare strings, bad sub-fields, not JSON', () => {
    for (const text of [
      '["a","b"]',
      '{"value":"a"}',
      '[{"value":""}]',
      '[{"value":true}]',
      '[{"value":"a","sub_field":{"name":"m"}}]',
      '[{"value":"a","sub_field":{"name":"m","values":["x"]}}]',
      'not json',
      '',
    ]) {
      expect(readFieldValues(text), text).toBeUndefined();
      expect(fieldOptions({ values: text })).toEqual([]);
    }
  });

  it('finds the sub-field a value opens', () => {
    expect(subFieldOf({ values: brands }, 'Toyota')?.values).toEqual([{ value: 'Hilux' }]);
    expect(subFieldOf({ values: brands }, '2019')).toBeUndefined();
    expect(subFieldOf({ values: brands }, null)).toBeUndefined();
    expect(hasSubField({ values: brands })).toBe(true);
    expect(hasSubField({ values: '[{"value":"a"}]' })).toBe(false);
  });

  it('names the keys of a form', () => {
    expect(PFIELD_KEY.exec('pfield_12')?.[1]).toBe('12');
    expect(PFIELD_KEY.test('pfield_12_sub')).toBe(false);
    expect(PFIELD_SUB_KEY.exec('pfield_12_sub')?.[1]).toBe('12');
  });
});
