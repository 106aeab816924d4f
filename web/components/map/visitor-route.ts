import { useEffect, useState } from 'react';
import {
  distanceKm,
  routeMode,
  type Point,
  type RouteMode,
} from '../../../shared/domain/route-mode';
import type { RouteAnswer } from '../../../shared/schemas/routing';
import { http } from '../../lib/http';
import { currentPosition } from './geolocation';

// SPEC §9: from the visitor's position to the shop, a route is drawn only within 100 km, walking
// within 1 km and driving beyond, from the routing service (OSRM-compatible). No position or a
// refusal leaves the map as it was (SPEC §8). The route is asked of the site itself
// (GET /routing/route), which asks the routing service and always answers: the routing service
// out of reach (down, a timeout, a bad answer) gives the straight-line distance instead, and the
// browser never logs a failed request to it (issue 20 item 17).

export type VisitorRoute =
  | { status: 'pending' }
  | { status: 'none' }
  | { status: 'too_far'; from: Point }
  /** The routing service could not be reached: the distance as the crow flies. */
  | { status: 'straight'; from: Point; meters: number }
  | {
      status: 'drawn';
      mode: RouteMode;
      from: Point;
      /** [latitude, longitude] pairs, as Leaflet wants them. */
      line: [number, number][];
      meters: number;
      seconds: number;
    };

/** `longitude,latitude`, as GET /routing/route takes a point (to 6 decimals: about 0.1 m). */
const pointParam = (p: Point) => `${+p.longitude.toFixed(6)},${+p.latitude.toFixed(6)}`;

/**
 * The route from `from` to `to`, from the site's routing proxy (GET /routing/route, which asks
 * ROUTING_URL): a route, or null with why (the service down, too slow, or without a route).
 */
export function fetchRoute(from: Point, to: Point, signal?: AbortSignal): Promise<RouteAnswer> {
  const query = new URLSearchParams({ from: pointParam(from), to: pointParam(to) });
  return http.get<RouteAnswer>(`/routing/route?${query}`, { signal });
}

/** Asks where the visitor is (once per shop) and fetches the route to `to` when `enabled`. */
export function useVisitorRoute(to: Point, enabled: boolean): VisitorRoute {
  const { latitude, longitude } = to;
  const key = `${latitude},${longitude}`;
  // The answer is kept with the shop it was for: another shop starts 'pending' again.
  const [result, setResult] = useState<{ key: string; route: VisitorRoute } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let live = true;
    const done = (route: VisitorRoute) => {
      if (live) setResult({ key: `${latitude},${longitude}`, route });
    };
    const target = { latitude, longitude };
    (async () => {
      const from = await currentPosition();
      if (!live) return;
      const mode = routeMode(from, target);
      if (!mode) return done({ status: 'too_far', from });
      const straight = () =>
        done({ status: 'straight', from, meters: distanceKm(from, target) * 1000 });
      try {
        const { route } = await fetchRoute(from, target, abort.signal);
        if (!route) return straight();
        done({
          status: 'drawn',
          mode: route.mode,
          from,
          // GeoJSON is [longitude, latitude]; Leaflet wants [latitude, longitude].
          line: route.coordinates.map(([lon, lat]): [number, number] => [lat, lon]),
          meters: route.distance,
          seconds: route.duration,
        });
      } catch {
        // Too many requests, or the site itself out of reach (leaving the page aborts: ignored).
        straight();
      }
    })().catch(() => done({ status: 'none' }));
    return () => {
      live = false;
      abort.abort();
    };
  }, [enabled, latitude, longitude]);

  if (!enabled) return { status: 'none' };
  return result?.key === key ? result.route : { status: 'pending' };
}
