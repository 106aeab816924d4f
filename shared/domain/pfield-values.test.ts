import { describe, expect, it } from 'vitest';
import {
  fieldOptions,
  hasSubField,
  PFIELD_KEY,
  PFIELD_SUB_KEY,
  MAX_CHECKBOX_VALUES,
  PFIELD_TEXT_MAX,
  readFieldValues,
  readPfieldInput,
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

describe('readPfieldInput: one reading of a pfield_{id} input (issue 33 item 2)', () => {
  const bad = { kind: 'bad' };
  const blank = { kind: 'blank' };

  it('is blank for nothing, blank text and an empty list, whatever the type', () => {
    for (const type of ['number', 'text', 'select', 'radio', 'checkbox']) {
      for (const raw of [undefined, null, '', '   ', []])
        expect(readPfieldInput(type, raw)).toEqual(blank);
    }
    expect(readPfieldInput('checkbox', '[]')).toEqual(blank);
    expect(readPfieldInput('checkbox', ['', ' '])).toEqual(blank);
  });

  it('reads numbers from numbers and numeric text only', () => {
    expect(readPfieldInput('number', 2015)).toEqual({ kind: 'number', value: 2015 });
    expect(readPfieldInput('number', ' 1.5 ')).toEqual({ kind: 'number', value: 1.5 });
    for (const raw of ['abc', '1e999', Infinity, { a: 1 }, [1], true]) {
      expect(readPfieldInput('number', raw), String(raw)).toEqual(bad);
    }
  });

  it('reads text trimmed, numbers as text, at most PFIELD_TEXT_MAX characters', () => {
    expect(readPfieldInput('select', ' diesel ')).toEqual({ kind: 'text', value: 'diesel' });
    expect(readPfieldInput('text', 4)).toEqual({ kind: 'text', value: '4' });
    expect(readPfieldInput('text', 'x'.repeat(PFIELD_TEXT_MAX))).toEqual({
      kind: 'text',
      value: 'x'.repeat(PFIELD_TEXT_MAX),
    });
    for (const raw of ['x'.repeat(PFIELD_TEXT_MAX + 1), { a: 1 }, ['a'], false]) {
      expect(readPfieldInput('radio', raw)).toEqual(bad);
    }
  });

  it('reads a checkbox answer from a list, a JSON list or one value, each value once', () => {
    const list = (...values: string[]) => ({ kind: 'list', values });
    expect(readPfieldInput('checkbox', ['gps', ' abs', 'gps'])).toEqual(list('gps', 'abs'));
    expect(readPfieldInput('checkbox', '["gps","abs","gps"]')).toEqual(list('gps', 'abs'));
    expect(readPfieldInput('checkbox', 'gps')).toEqual(list('gps'));
    expect(readPfieldInput('checkbox', ['gps', ''])).toEqual(list('gps'));
  });

  it('refuses bad JSON, nested values and overlong lists (the same for products and searches)', () => {
    expect(readPfieldInput('checkbox', '[bad json')).toEqual(bad);
    expect(readPfieldInput('checkbox', '{"a":1}')).toEqual({ kind: 'list', values: ['{"a":1}'] });
    expect(readPfieldInput('checkbox', [['gps']])).toEqual(bad);
    expect(readPfieldInput('checkbox', [{ a: 1 }])).toEqual(bad);
    const many = Array.from({ length: MAX_CHECKBOX_VALUES + 1 }, (_, i) => `v${i}`);
    expect(readPfieldInput('checkbox', many)).toEqual(bad);
    expect(readPfieldInput('checkbox', JSON.stringify(many))).toEqual(bad);
    expect(readPfieldInput('checkbox', '['.padEnd(MAX_CHECKBOX_VALUES * 600, ' '))).toEqual(bad);
  });
});
