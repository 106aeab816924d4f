import { useEffect, useState } from 'react';
import {
  distanceKm,
  routeMode,
  routeUrl,
  type Point,
  type RouteMode,
} from '../../../shared/domain/route-mode';
import { currentPosition } from './geolocation';
import { mapConfig } from './map-config';

// SPEC §9: from the visitor's position to the shop, a route is drawn only within 100 km, walking
// within 1 km and driving beyond, from the routing service (OSRM-compatible). No position or a
// refusal leaves the map as it was (SPEC §8); the routing service out of reach (down, a timeout,
// a bad answer) gives the straight-line distance instead (issue 20 item 17).

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

// A routing service out of reach makes the browser log the failed request in its console (a
// network error or a 5xx: the browser's own message, which no script can silence). So that a
// visitor's console holds at most one per session, the first such failure is remembered for the
// tab's session (by the service's address: another ROUTING_URL is tried), and later maps give
// the straight line without asking again. A service answering 'no route' (4xx) is not
// unreachable: it is asked again for other places.
const UNREACHABLE_KEY = 'souq.routing-unreachable';
let unreachableInMemory: string | null = null;

function isKnownUnreachable(routingUrl: string): boolean {
  try {
    return window.sessionStorage.getItem(UNREACHABLE_KEY) === routingUrl;
  } catch {
    return unreachableInMemory === routingUrl;
  }
}

function rememberUnreachable(routingUrl: string) {
  unreachableInMemory = routingUrl;
  try {
    window.sessionStorage.setItem(UNREACHABLE_KEY, routingUrl);
  } catch {
    // Storage refused (private mode): remembered until the page is reloaded.
  }
}

/** Forgets an unreachable routing service (tests). */
export function forgetUnreachableRouting() {
  unreachableInMemory = null;
  try {
    window.sessionStorage.removeItem(UNREACHABLE_KEY);
  } catch {
    // Nothing stored.
  }
}

class Unreachable extends Error {}

interface OsrmAnswer {
  code?: string;
  routes?: { geometry?: { coordinates?: unknown }; distance?: number; duration?: number }[];
}

/** The first route of an OSRM answer, or null when it has none that can be drawn. */
export function parseRoute(answer: OsrmAnswer) {
  const route = answer.routes?.[0];
  const coordinates = route?.geometry?.coordinates;
  if (answer.code !== 'Ok' || !Array.isArray(coordinates)) return null;
  const line: [number, number][] = [];
  for (const pair of coordinates) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'number' || typeof pair[1] !== 'number') {
      return null;
    }
    line.push([pair[1], pair[0]]);
  }
  if (line.length < 2) return null;
  return { line, meters: route?.distance ?? 0, seconds: route?.duration ?? 0 };
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
      const { routingUrl } = mapConfig();
      if (isKnownUnreachable(routingUrl)) return straight();
      try {
        // A plain request: no cookies and no headers of ours go to another site.
        const response = await fetch(routeUrl(routingUrl, mode, from, target), {
          credentials: 'omit',
          signal: abort.signal,
        }).catch((error: unknown) => {
          // Leaving the page aborts the request: that says nothing of the service.
          throw abort.signal.aborted ? error : new Unreachable(String(error));
        });
        if (response.status >= 500) throw new Unreachable(`routing ${response.status}`);
        if (!response.ok) throw new Error(`routing ${response.status}`);
        const route = parseRoute((await response.json()) as OsrmAnswer);
        if (!route) throw new Error('routing: no route');
        done({ status: 'drawn', mode, from, ...route });
      } catch (error) {
        if (error instanceof Unreachable) rememberUnreachable(routingUrl);
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
