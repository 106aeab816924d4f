import { z } from 'zod';

// GET /routing/route (issue 20 item 17, docs/journeys.md "Maps"): the route from the visitor to a
// shop, asked of the routing service (ROUTING_URL, OSRM-compatible) by the server, so that the
// browser only ever talks to its own site. Points are `longitude,latitude`, as OSRM writes them.

/** Why no route is drawn: the service is unreachable, too slow, failing or without a route. */
export const ROUTE_FAILURES = ['too_far', 'no_route', 'failed', 'timeout', 'unreachable'] as const;
export type RouteFailure = (typeof ROUTE_FAILURES)[number];

const degrees = (max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,17})?$/)
    .transform(Number)
    .refine((n) => Math.abs(n) <= max);

/** `longitude,latitude` → { longitude, latitude }; anything else is `bad_input`. */
const point = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const [lon, lat, ...rest] = text.split(',');
    const longitude = degrees(180).safeParse(lon);
    const latitude = degrees(90).safeParse(lat);
    if (rest.length || !longitude.success || !latitude.success) {
      ctx.addIssue({ code: 'custom', message: 'bad_input' });
      return z.NEVER;
    }
    return { longitude: longitude.data, latitude: latitude.data };
  });

export const routeQuery = z.object({ from: point, to: point });
export type RouteQuery = z.infer<typeof routeQuery>;

export const routeMode = z.enum(['foot', 'driving']);

export const routeAnswer = z.union([
  z.object({
    route: z.object({
      /** SPEC §9: on foot within 1 km, by car beyond. */
      mode: routeMode,
      /** The whole line, [longitude, latitude] pairs (GeoJSON order). */
      coordinates: z.array(z.tuple([z.number(), z.number()])).min(2),
      /** Metres along the route. */
      distance: z.number().nonnegative(),
      /** Seconds. */
      duration: z.number().nonnegative(),
    }),
  }),
  z.object({ route: z.null(), reason: z.enum(ROUTE_FAILURES) }),
]);
export type RouteAnswer = z.infer<typeof routeAnswer>;

/** What the server reads of an OSRM answer (anything else in it is ignored). */
export const osrmAnswer = z.object({
  code: z.string(),
  routes: z
    .array(
      z.object({
        geometry: z.object({ coordinates: z.array(z.tuple([z.number(), z.number()])) }),
        distance: z.number().nonnegative(),
        duration: z.number().nonnegative(),
      }),
    )
    .optional(),
});
