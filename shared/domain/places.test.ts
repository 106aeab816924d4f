import { describe, expect, it } from 'vitest';
import { NEIGHBOURHOODS, neighbourhoodsOf, placeName, placeOf, TOWNS, townById } from './places';
import { distanceKm } from './route-mode';

// Mauritania lies between these latitudes and longitudes.
const inMauritania = (p: { latitude: number; longitude: number }) =>
  p.latitude > 14.6 && p.latitude < 27.4 && p.longitude > -17.2 && p.longitude < -4.7;

describe('the places of Mauritania', () => {
  const all = [...TOWNS, ...NEIGHBOURHOODS];

  it('are well formed: unique ids, both names, a point in the country', () => {
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    for (const place of all) {
      expect(place.fr.trim(), place.id).not.toBe('');
      expect(place.ar, place.id).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(inMauritania(place), place.id).toBe(true);
    }
  });

  it('puts every moughataa in a known town, within a few km of its centre', () => {
    for (const place of NEIGHBOURHOODS) {
      const town = townById(place.town!);
      expect(town, place.id).toBeDefined();
      expect(distanceKm(town!, place), place.id).toBeLessThan(15);
    }
    expect(neighbourhoodsOf('nouakchott').length).toBe(9);
    expect(neighbourhoodsOf('atar')).toEqual([]);
  });

  it('names a point by its town and moughataa, and nothing far from every place', () => {
    const arafat = placeOf({ latitude: 18.045, longitude: -15.947 });
    expect(arafat?.town.id).toBe('nouakchott');
    expect(arafat?.neighbourhood?.id).toBe('arafat');
    expect(placeName(arafat!.neighbourhood!, 'ar')).toBe('عرفات');
    expect(placeOf({ latitude: 20.93, longitude: -17.03 })).toEqual({
      town: townById('nouadhibou'),
      neighbourhood: null,
    });
    // The middle of the desert, 300 km from any town.
    expect(placeOf({ latitude: 24, longitude: -8 })).toBeNull();
  });
});
