import { MAP } from '../constants';

// SPEC §9: a route to a shop is drawn only if the visitor is within 100 km of it: walking within
// 1 km, driving beyond. The distance is the straight line (great circle) between the two points:
// the road distance is what the routing service answers, after the choice is made.

export interface Point {
  latitude: number;
  longitude: number;
}

/** The routing profiles of an OSRM-compatible service. */
export type RouteMode = 'foot' | 'driving';

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How to go from `from` to `to`: on foot, by car, or no route at all (too far, or no number). */
export function routeMode(from: Point, to: Point): RouteMode | null {
  const km = distanceKm(from, to);
  if (!Number.isFinite(km) || km > MAP.routeMaxKm) return null;
  return km <= MAP.walkingMaxKm ? 'foot' : 'driving';
}

/** The OSRM route request: longitude first, as OSRM wants it; the whole line as GeoJSON. */
export function routeUrl(routingUrl: string, mode: RouteMode, from: Point, to: Point): string {
  const base = routingUrl.replace(/\/+$/, '');
  const at = (p: Point) => `${p.longitude},${p.latitude}`;
  return `${base}/route/v1/${mode}/${at(from)};${at(to)}?overview=full&geometries=geojson`;
}
