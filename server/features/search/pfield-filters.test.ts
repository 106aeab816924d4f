import { describe, expect, it } from 'vitest';
import type { PfieldRow } from '../../db/types';
import { parsePfieldFilters, pfieldEntries } from './pfield-filters';

const field = (id: number, type: string, values: unknown[] = []): PfieldRow =>
  ({ id, type, values: JSON.stringify(values), psubcategory_id: 1 }) as PfieldRow;
const fields = [
  field(1, 'select', ['Toyota', 'Mercedes']),
  field(2, 'number'),
  field(3, 'checkbox', ['gps', 'abs']),
  field(4, 'text'),
  field(5, 'radio', ['manual', 'automatic']),
];
const parse = (body: Record<string, unknown>) =>
  parsePfieldFilters(fields, pfieldEntries(body).entries);

describe('pfield filters', () => {
  it('reads pfield_{id} keys only', () => {
    const { entries, errors } = pfieldEntries({
      pfield_1: 'a',
      name: 'x',
      pfield_: 'y',
      pfield_2x: 1,
    });
    expect([...entries]).toEqual([[1, 'a']]);
    // A pfield_ key naming no id is refused, not ignored.
    expect(errors).toEqual({ pfield_: ['bad_input'], pfield_2x: ['bad_input'] });
  });

  it('turns each field type into its filter', () => {
    expect(
      parse({
        pfield_1: 'Toyota',
        pfield_2: '2015.0',
        pfield_3: '["gps","abs","gps"]',
        pfield_4: ' blanc ',
        pfield_5: 'manual',
      }),
    ).toEqual({
      errors: {},
      filters: [
        { pfieldId: 1, kind: 'equals', value: 'Toyota' },
        { pfieldId: 2, kind: 'equals', value: '2015' },
        { pfieldId: 3, kind: 'contains', values: ['gps', 'abs'] },
        { pfieldId: 4, kind: 'equals', value: 'blanc' },
        { pfieldId: 5, kind: 'equals', value: 'manual' },
      ],
    });
    expect(parse({ pfield_2: { min: '1990', max: '' }, pfield_3: 'gps' }).filters).toEqual([
      { pfieldId: 2, kind: 'range', min: 1990, max: null },
      { pfieldId: 3, kind: 'contains', values: ['gps'] },
    ]);
  });

  it('ignores blank values', () => {
    expect(
      parse({ pfield_1: '', pfield_2: { min: '', max: null }, pfield_3: [], pfield_4: '  ' }),
    ).toEqual({ errors: {}, filters: [] });
  });

  it('refuses unknown fields and values of the wrong shape', () => {
    expect(
      parse({ pfield_9: 'x', pfield_2: 'abc', pfield_1: { a: 1 }, pfield_3: '[bad json' }).errors,
    ).toEqual({
      pfield_9: ['bad_input'],
      pfield_2: ['bad_input'],
      pfield_1: ['bad_input'],
      pfield_3: ['bad_input'],
    });
    expect(parse({ pfield_2: { min: 'x' } }).errors).toEqual({ pfield_2: ['bad_input'] });
  });
});
