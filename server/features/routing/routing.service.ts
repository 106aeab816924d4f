import { routeMode, routeUrl, type Point } from '../../../shared/domain/route-mode';
import { osrmAnswer, type RouteAnswer, type RouteFailure } from '../../../shared/schemas/routing';

// The routing proxy (issue 20 item 17, docs/journeys.md "Maps"): the server asks the routing
// service (ROUTING_URL, OSRM-compatible) for the visitor's route to a shop and always answers,
// with the route or with why there is none; the browser never meets the service itself, so a
// service that is down costs it no failed request (and no console error).
// - SPEC §9's rules: beyond 100 km nothing is asked (`too_far`); on foot within 1 km, else by car.
// - Each request waits at most `timeoutMs`, and reads at most MAX_ANSWER_BYTES.
// - A service unreachable or too slow is not asked again for BACKOFF_MS: meanwhile the same reason
//   is answered at once (visitors are not kept waiting for a timeout each).
// - Routes (and "no route") are kept CACHE_MS, at most CACHE_ENTRIES, by points rounded to ~1 m;
//   the same route asked twice at once is asked of the service once.

export const CACHE_MS = 10 * 60_000;
export const CACHE_ENTRIES = 500;
export const BACKOFF_MS = 15_000;
/** A route across 100 km of roads is a few thousand points: far below this. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

class Failure extends Error {
  constructor(readonly reason: RouteFailure) {
    super(reason);
  }
}

/** The answer's body, refusing one larger than `max` bytes. */
async function readLimited(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Failure('failed');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface RoutingOptions {
  routingUrl: string;
  timeoutMs: number;
  /** Logs a failure of the service (not the visitor's fault). */
  warn: (details: object, message: string) => void;
}

export function routingService(options: RoutingOptions) {
  const cache = new Map<string, { at: number; answer: Promise<RouteAnswer> }>();
  let backoff: { until: number; reason: RouteFailure } | null = null;

  async function ask(from: Point, to: Point): Promise<RouteAnswer> {
    const mode = routeMode(from, to);
    if (!mode) return { route: null, reason: 'too_far' };
    // Not kept in the cache (thrown): once the backoff ends, the service is asked again.
    if (backoff && Date.now() < backoff.until) throw new Failure(backoff.reason);
    try {
      let response: Response;
      try {
        response = await fetch(routeUrl(options.routingUrl, mode, from, to), {
          headers: { accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error)?.name === 'TimeoutError';
        throw new Failure(timedOut ? 'timeout' : 'unreachable');
      }
      const text = await readLimited(response, MAX_ANSWER_BYTES).catch((error: unknown) => {
        if (error instanceof Failure) throw error;
        throw new Failure((error as Error)?.name === 'TimeoutError' ? 'timeout' : 'failed');
      });
      if (response.status >= 500) throw new Failure('failed');
      let parsed;
      try {
        parsed = osrmAnswer.safeParse(JSON.parse(text));
      } catch {
        throw new Failure(response.ok ? 'failed' : 'no_route');
      }
      // OSRM answers 400 with a code (NoRoute, NoSegment…) when it finds no way between the points.
      if (!parsed.success) throw new Failure(response.ok ? 'failed' : 'no_route');
      const route = parsed.data.routes?.[0];
      if (parsed.data.code !== 'Ok' || !route || route.geometry.coordinates.length < 2) {
        return { route: null, reason: 'no_route' };
      }
      backoff = null;
      return {
        route: {
          mode,
          coordinates: route.geometry.coordinates,
          distance: route.distance,
          duration: route.duration,
        },
      };
    } catch (error) {
      const reason = error instanceof Failure ? error.reason : 'failed';
      if (reason === 'unreachable' || reason === 'timeout') {
        backoff = { until: Date.now() + BACKOFF_MS, reason };
      }
      options.warn({ reason, routingUrl: options.routingUrl }, 'routing service failed');
      throw new Failure(reason);
    }
  }

  return {
    /** The route from `from` to `to`, from the cache or the service; never throws. */
    route(from: Point, to: Point): Promise<RouteAnswer> {
      const at = (p: Point) => `${p.longitude.toFixed(5)},${p.latitude.toFixed(5)}`;
      const key = `${at(from)};${at(to)}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < CACHE_MS) return hit.answer;
      const entry = {
        at: now,
        // A failure of the service is not kept: the next visitor asks again (after any backoff).
        answer: ask(from, to).catch((error: unknown): RouteAnswer => {
          if (cache.get(key) === entry) cache.delete(key);
          return { route: null, reason: error instanceof Failure ? error.reason : 'failed' };
        }),
      };
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.delete(key);
      cache.set(key, entry);
      return entry.answer;
    },
    /** How many answers are kept (tests). */
    cached: () => cache.size,
  };
}
