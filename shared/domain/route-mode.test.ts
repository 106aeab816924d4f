import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAP } from '../constants';
import { distanceKm, routeMode, routeUrl, type Point } from './route-mode';

const shop: Point = { latitude: 18.0858, longitude: -15.9785 }; // Nouakchott, Tevragh Zeina
/** A point `km` kilometres north of the shop (1° of latitude ≈ 111.195 km). */
const north = (km: number): Point => ({
  latitude: shop.latitude + km / 111.195,
  longitude: shop.longitude,
});

describe('distanceKm', () => {
  it('measures known distances', () => {
    expect(distanceKm(shop, shop)).toBe(0);
    expect(distanceKm(shop, north(5))).toBeCloseTo(5, 2);
    // Paris to London: 343.5 km as the crow flies.
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceKm(paris, london)).toBeCloseTo(343.5, 0);
  });

  it('is symmetric and never negative', () => {
    const point = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceKm(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeCloseTo(distanceKm(b, a), 6);
      }),
    );
  });
});

describe('routeMode (SPEC §9)', () => {
  it('walks within 1 km', () => {
    expect(routeMode(shop, shop)).toBe('foot');
    expect(routeMode(north(0.5), shop)).toBe('foot');
    expect(routeMode(north(0.99), shop)).toBe('foot');
  });

  it('drives beyond 1 km and up to 100 km', () => {
    expect(routeMode(north(1.01), shop)).toBe('driving');
    expect(routeMode(north(5), shop)).toBe('driving');
    expect(routeMode(north(99.9), shop)).toBe('driving');
  });

  it('draws no route beyond 100 km', () => {
    expect(routeMode(north(100.1), shop)).toBeNull();
    expect(routeMode(north(150), shop)).toBeNull();
    expect(routeMode({ latitude: -33.9, longitude: 18.4 }, shop)).toBeNull();
  });

  it('follows the MAP constants at their bounds', () => {
    expect(MAP).toMatchObject({ walkingMaxKm: 1, routeMaxKm: 100 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), (km) => {
        const mode = routeMode(north(km), shop);
        const d = distanceKm(north(km), shop);
        if (d > MAP.routeMaxKm) expect(mode).toBeNull();
        else if (d <= MAP.walkingMaxKm) expect(mode).toBe('foot');
        else expect(mode).toBe('driving');
      }),
    );
  });

  it('draws nothing for a point that is not a number', () => {
    expect(routeMode({ latitude: Number.NaN, longitude: 0 }, shop)).toBeNull();
  });
});

describe('routeUrl', () => {
  it('asks an OSRM service for the whole line as GeoJSON, longitude first', () => {
    expect(
      routeUrl('http://127.0.0.1:4401/', 'foot', north(0), { latitude: 18.1, longitude: -16 }),
    ).toBe(
      'http://127.0.0.1:4401/route/v1/foot/-15.9785,18.0858;-16,18.1?overview=full&geometries=geojson',
    );
    expect(routeUrl('https://router.example/osrm', 'driving', shop, shop)).toMatch(
      /^https:\/\/router\.example\/osrm\/route\/v1\/driving\//,
    );
  });
});
