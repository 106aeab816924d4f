import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBounds, isValidBound } from './search-checks';
import {
  effectiveSearch,
  emptySearch,
  readSearch,
  searchQuery,
  toSearchBody,
  withMode,
  withType,
  writeSearch,
  type SearchState,
} from './search-state';

const read = (query: string) => readSearch(new URLSearchParams(query));

const advanced: SearchState = {
  ...emptySearch,
  mode: 'so_advanced',
  type: 'demand',
  name: 'تويوتا هيلوكس',
  pcategory_id: '1',
  psubcategory_id: '2',
  min_price: '100000',
  max_price: '2000000',
  distance: '25',
  negotiable: 'yes',
  used: 'no',
  delivery: 'yes',
  offer_type: 'monthly_rent',
  fields: {
    '4': { values: ['diesel'], min: '', max: '' },
    '9': { values: ['gps', 'air_conditioning'], min: '', max: '' },
    '2': { values: [], min: '2010', max: '2020' },
  },
  position: { latitude: 18.086, longitude: -15.975 },
  page: 3,
};

describe('the search in the URL', () => {
  it('reads back every field it writes', () => {
    expect(read(writeSearch(advanced).toString())).toEqual(advanced);
  });

  it('writes nothing for the empty search, and leaves defaults out', () => {
    expect(searchQuery(emptySearch)).toBe('');
    expect(searchQuery({ ...emptySearch, name: 'toyota' })).toBe('?name=toyota');
    expect(searchQuery({ ...emptySearch, type: 'demand', page: 2 })).toBe('?type=demand&page=2');
  });

  it('keeps Arabic text and symbols intact through encoding', () => {
    const state = { ...emptySearch, name: 'سيارة & "4x4" #1 ?' };
    expect(read(searchQuery(state).slice(1)).name).toBe(state.name);
  });

  it('round-trips any search a person can make (property)', () => {
    const text = fc.string({ maxLength: 20 }).map((s) => s.trim());
    const digits = fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 9_999_999 }).map(String));
    const yesNo = fc.constantFrom('' as const, 'yes' as const, 'no' as const);
    const search = fc.record({
      mode: fc.constant('so_advanced' as const),
      type: fc.constant('offer' as const),
      name: text,
      pcategory_id: fc.constantFrom('', '3'),
      psubcategory_id: fc.constant('12'),
      min_price: digits,
      max_price: digits,
      distance: fc.integer({ min: 1, max: 500 }).map(String),
      town: fc.constant(''),
      negotiable: yesNo,
      used: yesNo,
      delivery: yesNo,
      offer_type: fc.constantFrom('' as const, 'sale' as const, 'hourly_rent' as const),
      fields: fc.dictionary(
        fc.integer({ min: 1, max: 300 }).map(String),
        fc.record({
          values: fc.uniqueArray(
            fc
              .string({ minLength: 1, maxLength: 8 })
              .filter((v) => v.trim() !== '' && v.trim() === v),
            { maxLength: 3 },
          ),
          min: digits,
          max: digits,
        }),
      ),
      position: fc.record({
        latitude: fc.integer({ min: -90_000, max: 90_000 }).map((n) => n / 1000),
        longitude: fc.integer({ min: -180_000, max: 180_000 }).map((n) => n / 1000),
      }),
      page: fc.integer({ min: 1, max: 50 }),
      sort: fc.constantFrom(
        '' as const,
        'newest' as const,
        'price_asc' as const,
        'price_desc' as const,
      ),
      exact: fc.boolean(),
    });
    fc.assert(
      fc.property(search, (state) => {
        const back = read(writeSearch(state).toString());
        // Fields with nothing chosen are not written, so they come back absent.
        const chosen = Object.fromEntries(
          Object.entries(state.fields).filter(([, f]) => f.values.length || f.min || f.max),
        );
        expect(back).toEqual({ ...state, fields: chosen });
      }),
    );
  });

  it('falls back to defaults for choices the URL gets wrong, and keeps typed values', () => {
    const state = read('mode=expert&type=thing&offer_type=sale&page=-2&min_price=0&pcategory_id=x');
    expect(state).toMatchObject({ mode: 'normal', type: 'offer', page: 1, pcategory_id: '' });
    // The server judges typed values: a shared link with min_price=0 shows its error.
    expect(state.min_price).toBe('0');
    // 'sale' is an offer's type: a demand search drops it.
    expect(read('type=demand&offer_type=sale').offer_type).toBe('');
    expect(read('type=demand&offer_type=buy').offer_type).toBe('buy');
  });

  it('reads a position only when both coordinates are numbers within range', () => {
    expect(read('latitude=18.1&longitude=-15.9').position).toEqual({
      latitude: 18.1,
      longitude: -15.9,
    });
    expect(read('latitude=18.1').position).toBeNull();
    expect(read('latitude=95&longitude=1').position).toBeNull();
    expect(read('latitude=abc&longitude=1').position).toBeNull();
  });

  it('rounds the position it writes to about 100 m', () => {
    const params = writeSearch({
      ...emptySearch,
      mode: 'advanced',
      distance: '5',
      position: { latitude: 18.0861234, longitude: -15.9754321 },
    });
    expect(params.get('latitude')).toBe('18.086');
    expect(params.get('longitude')).toBe('-15.975');
  });
});

describe('modes', () => {
  it('the normal mode applies only the name, category and subcategory', () => {
    const normal = withMode(advanced, 'normal');
    expect(effectiveSearch(normal)).toMatchObject({
      name: advanced.name,
      pcategory_id: '1',
      psubcategory_id: '2',
      min_price: '',
      max_price: '',
      distance: '',
      negotiable: '',
      offer_type: '',
      fields: {},
      position: null,
    });
    expect([...writeSearch(normal).keys()].sort()).toEqual(
      ['name', 'pcategory_id', 'psubcategory_id', 'type', 'page'].sort(),
    );
  });

  it('the advanced mode adds the filters but not the subcategory fields', () => {
    const state = effectiveSearch(withMode(advanced, 'advanced'));
    expect(state).toMatchObject({ min_price: '100000', distance: '25', used: 'no', fields: {} });
    expect(state.position).toEqual(advanced.position);
  });

  it('the so advanced mode applies fields only with a subcategory', () => {
    expect(effectiveSearch(advanced).fields).toEqual(advanced.fields);
    expect(effectiveSearch({ ...advanced, psubcategory_id: '' }).fields).toEqual({});
  });

  it('a position without a distance is not kept', () => {
    expect(writeSearch({ ...advanced, distance: '' }).has('latitude')).toBe(false);
  });

  it('switching offers and demands drops an offer type of the other side only', () => {
    const sale = { ...advanced, type: 'offer' as const, offer_type: 'sale' as const };
    expect(withType(sale, 'demand')).toMatchObject({ type: 'demand', offer_type: '', page: 1 });
    expect(withType(advanced, 'offer')).toMatchObject({ offer_type: 'monthly_rent', page: 1 });
  });
});

describe('the request body', () => {
  it('sends what applies, numbers as typed, fields by kind', () => {
    expect(toSearchBody(advanced)).toEqual({
      page: 3,
      type: 'demand',
      name: 'تويوتا هيلوكس',
      pcategory_id: '1',
      psubcategory_id: '2',
      min_price: '100000',
      max_price: '2000000',
      negotiable: 'yes',
      used: 'no',
      delivery: 'yes',
      offer_type: 'monthly_rent',
      latitude: 18.086,
      longitude: -15.975,
      distance: '25',
      pfield_4: 'diesel',
      pfield_9: ['gps', 'air_conditioning'],
      pfield_2: { min: '2010', max: '2020' },
    });
  });

  it("sends a field's sub-value under pfield_{id}_sub, read back from the URL (brand → model)", () => {
    const state = read('mode=so_advanced&psubcategory_id=2&pfield_4=Toyota&pfield_4_sub=Hilux');
    expect(state.fields).toEqual({ '4': { values: ['Toyota'], min: '', max: '', sub: 'Hilux' } });
    expect(writeSearch(state).toString()).toBe(
      'mode=so_advanced&psubcategory_id=2&pfield_4=Toyota&pfield_4_sub=Hilux',
    );
    expect(toSearchBody(state)).toMatchObject({ pfield_4: 'Toyota', pfield_4_sub: 'Hilux' });
  });

  it('leaves out a distance it cannot measure (no position)', () => {
    const body = toSearchBody({ ...advanced, position: null });
    expect(body).not.toHaveProperty('distance');
    expect(body).not.toHaveProperty('latitude');
  });

  it('a bare search is the newest offers', () => {
    expect(toSearchBody(emptySearch)).toEqual({ page: 1, type: 'offer' });
    expect(toSearchBody(emptySearch, 10)).toEqual({ page: 1, type: 'offer', page_size: 10 });
    // The order and the 'search exactly' flag (issue 17); nearest only with a position.
    expect(toSearchBody({ ...emptySearch, sort: 'price_asc', exact: true })).toEqual({
      page: 1,
      type: 'offer',
      sort: 'price_asc',
      exact: 'yes',
    });
    expect(toSearchBody({ ...emptySearch, sort: 'nearest' })).toEqual({ page: 1, type: 'offer' });
    const here = { latitude: 18.1, longitude: -15.9 };
    expect(toSearchBody({ ...emptySearch, sort: 'nearest', position: here })).toMatchObject({
      sort: 'nearest',
      ...here,
    });
    expect(searchQuery({ ...emptySearch, name: 'x', sort: 'price_desc', exact: true })).toBe(
      '?name=x&sort=price_desc&exact=yes',
    );
  });
});

describe('a town instead of the position (issue 20)', () => {
  const rosso = { latitude: 16.5138, longitude: -15.805 };

  it('keeps town=<id> in the URL, not coordinates, and reads it back', () => {
    const state = { ...emptySearch, mode: 'advanced' as const, town: 'rosso' };
    expect(searchQuery(state)).toBe('?mode=advanced&town=rosso');
    expect(read('mode=advanced&town=rosso')).toEqual(state);
    // Even with the device's position and a distance: the town is where the search is from.
    const typed = { ...state, distance: '40', position: { latitude: 18.1, longitude: -15.9 } };
    expect(writeSearch(typed).toString()).toBe('mode=advanced&distance=40&town=rosso');
  });

  it('searches around the town within TOWN_RADIUS_KM, or the distance typed', () => {
    const state = { ...emptySearch, mode: 'advanced' as const, town: 'rosso' };
    expect(toSearchBody(state)).toEqual({ page: 1, type: 'offer', ...rosso, distance: '15' });
    expect(toSearchBody({ ...state, distance: '40' })).toMatchObject({ ...rosso, distance: '40' });
    // Read from a shared link: the same search.
    expect(toSearchBody(read('mode=advanced&town=rosso'))).toEqual(toSearchBody(state));
    // Nearest first is measured from the town too.
    expect(toSearchBody({ ...state, sort: 'nearest' })).toMatchObject({
      sort: 'nearest',
      ...rosso,
    });
  });

  it('a town unknown to the list, or in the normal mode, does not apply', () => {
    expect(read('mode=advanced&town=paris').town).toBe('');
    const normal = { ...emptySearch, town: 'rosso' };
    expect(searchQuery(normal)).toBe('');
    expect(toSearchBody(normal)).toEqual({ page: 1, type: 'offer' });
  });
});

describe('SPEC §5 client checks', () => {
  it.each(['', '1', '25', ' 7 ', '2000000000', '٣', '١٠٠', '10 000', '٢٬٠٠٠'])(
    'accepts %j',
    (value) => {
      expect(isValidBound(value)).toBe(true);
    },
  );

  it.each(['0', '-1', 'abc', '1.5', '1e3', '٠', '١٫٥', '99999999999999999999'])(
    'refuses %j',
    (value) => {
      expect(isValidBound(value)).toBe(false);
    },
  );

  it('checks the bounds the mode shows, each under its own name', () => {
    const state = { ...advanced, mode: 'advanced' as const, min_price: '0', distance: 'x' };
    expect(checkBounds(state)).toEqual({ min_price: true, distance: true });
    // Hidden in the normal mode: not applied, so not checked.
    expect(checkBounds(withMode(state, 'normal'))).toEqual({});
  });
});
