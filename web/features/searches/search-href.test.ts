import { describe, expect, it } from 'vitest';
import { readSearch, toSearchBody } from '../search/search-state';
import { savedSearchHref, savedSearchParams } from './search-href';

// A saved body opens the search page with the same search: body → URL → the page's own body.

describe('savedSearchHref', () => {
  it('gives the search page the filters it saved', () => {
    expect(savedSearchHref({ type: 'offer', name: 'toyota' })).toBe(
      '/search?name=toyota&type=offer',
    );
    expect(savedSearchHref({})).toBe('/search');
  });

  it('comes back to the same body through the search page', () => {
    const saved = {
      type: 'offer',
      name: 'toyota',
      psubcategory_id: 4,
      max_price: 900000,
      used: 'yes',
      pfield_7: ['abs', 'gps'],
      pfield_8: { min: '2010', max: '' },
      pfield_9: 'diesel',
      pfield_9_sub: 'v8',
    };
    const params = savedSearchParams(saved);
    expect(params.get('mode')).toBe('so_advanced');
    const body = toSearchBody(readSearch(params));
    expect(body).toMatchObject({
      type: 'offer',
      name: 'toyota',
      psubcategory_id: '4',
      max_price: '900000',
      used: 'yes',
      pfield_7: ['abs', 'gps'],
      pfield_8: { min: '2010', max: '' },
      pfield_9: 'diesel',
      pfield_9_sub: 'v8',
    });
  });

  it('opens advanced filters in the advanced mode', () => {
    expect(savedSearchParams({ min_price: 5 }).get('mode')).toBe('advanced');
    expect(savedSearchParams({ name: 'x' }).get('mode')).toBeNull();
  });
});
