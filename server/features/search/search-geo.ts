import { sql, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/types';

// DESIGN §7's distance: a latitude/longitude box an index can walk, then the exact great-circle
// distance (haversine) in SQL. Both engines have the trigonometric functions (better-sqlite3
// builds SQLite with SQLITE_ENABLE_MATH_FUNCTIONS).

export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** Half the Earth's circumference: a larger distance is everywhere. */
export const MAX_KM = Math.PI * EARTH_RADIUS_KM;

export interface Point {
  latitude: number;
  longitude: number;
}

const cond = (strings: TemplateStringsArray, ...values: unknown[]) =>
  sql<SqlBool>(strings, ...values);

/** Great-circle distance in km from the origin to the product (haversine); null without a place. */
export function distanceExpr(dialect: Dialect, origin: Point) {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(origin.latitude * rad);
  // Rounding can push the argument of asin a hair above 1 (PostgreSQL then raises an error).
  const atMostOne = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  // (least() of PostgreSQL skips nulls: a product without a place needs its own case.)
  return sql<number | null>`(case when products.latitude is not null
    and products.longitude is not null then ${2 * EARTH_RADIUS_KM} * asin(${atMostOne}(1, sqrt(
      power(sin((products.latitude - ${origin.latitude}) * ${rad / 2}), 2)
      + ${cosLat} * cos(products.latitude * ${rad})
        * power(sin((products.longitude - ${origin.longitude}) * ${rad / 2}), 2)))) end)`;
}

/** The ranges of latitude and longitude (null: every longitude) holding every point within `km`. */
function boxRanges(origin: Point, km: number) {
  const dLat = km / KM_PER_DEGREE;
  const latitude = [Math.max(-90, origin.latitude - dLat), Math.min(90, origin.latitude + dLat)];
  // The box is widest in longitude at its latitude farthest from the equator.
  const cosLat = Math.cos(((Math.abs(origin.latitude) + dLat) * Math.PI) / 180);
  const dLng = cosLat > 0.01 ? km / (KM_PER_DEGREE * cosLat) : 360;
  // Near a pole or across the antimeridian the longitude range wraps: leave it to haversine.
  const longitude =
    origin.longitude - dLng >= -180 && origin.longitude + dLng <= 180
      ? [origin.longitude - dLng, origin.longitude + dLng]
      : null;
  return { latitude, longitude };
}

/** The box around the origin that holds every point within `km`: what an index can walk. */
export function boundingBox(origin: Point, km: number) {
  const { latitude, longitude } = boxRanges(origin, km);
  return [
    cond`products.latitude between ${latitude[0]} and ${latitude[1]}`,
    longitude
      ? cond`products.longitude between ${longitude[0]} and ${longitude[1]}`
      : cond`products.longitude is not null`,
  ];
}

const inBox = (west: number, south: number, east: number, north: number) =>
  cond`point(products.longitude, products.latitude)
    <@ box(point(${west}, ${south}), point(${east}, ${north}))`;

/** The inner square is left out of a ring only this near (km): a plane's square is a sphere's. */
const RING_MAX_KM = 100;

/**
 * The square inside the circle of `km` around the origin (a bit inside: 1 %), west, south, east,
 * north; null where a plane's square is not close enough (far, or near a pole).
 */
export function innerSquare(origin: Point, km: number): [number, number, number, number] | null {
  const half = (km / Math.SQRT2) * 0.99;
  const dLat = half / KM_PER_DEGREE;
  if (km > RING_MAX_KM || Math.abs(origin.latitude) + dLat > 80) return null;
  // A degree of longitude is longest on the square's side nearest the equator: there its
  // half-width in degrees is the fewest that span `half` km.
  const nearest = Math.max(0, Math.abs(origin.latitude) - dLat);
  const dLng = half / (KM_PER_DEGREE * Math.cos((nearest * Math.PI) / 180));
  return [
    origin.longitude - dLng,
    origin.latitude - dLat,
    origin.longitude + dLng,
    origin.latitude + dLat,
  ];
}

/**
 * PostgreSQL: the same box as a condition on the place as a point, which the GiST index of
 * migration 041 answers with the entries inside the box only (a btree reads the whole latitude
 * band and tests each entry's longitude). The expression is the index's (migration 041's
 * PLACE_POINT, its columns qualified). `beyondKm` (nearest first, the radius before read
 * already): the box without the square inside that radius, as the four boxes around it (their
 * entries only are read; the GiST index cannot leave out a circle, nor a btree a square).
 */
export function placeInBox(origin: Point, km: number, beyondKm?: number) {
  const { latitude, longitude } = boxRanges(origin, km);
  const [west, east] = longitude ?? [-180, 180];
  const [south, north] = latitude;
  const inner = beyondKm !== undefined && longitude ? innerSquare(origin, beyondKm) : null;
  if (!inner) return inBox(west, south, east, north);
  const [iWest, iSouth, iEast, iNorth] = inner;
  return cond`(${sql.join(
    [
      inBox(west, iNorth, east, north),
      inBox(west, south, east, iSouth),
      inBox(west, iSouth, iWest, iNorth),
      inBox(iEast, iSouth, east, iNorth),
    ],
    sql` or `,
  )})`;
}

/**
 * Everything within `km` of the origin: the box first (indexable), then the exact distance.
 * `spatial` (PostgreSQL): the box from the place's GiST index (placeInBox), without the square
 * inside `beyondKm` when given.
 */
export function withinKm(
  dialect: Dialect,
  origin: Point,
  km: number,
  spatial: { beyondKm?: number } | false = false,
) {
  const bounded = Math.min(km, MAX_KM);
  const box =
    spatial && dialect === 'postgres'
      ? [placeInBox(origin, bounded, spatial.beyondKm)]
      : boundingBox(origin, bounded);
  return [...box, cond`${distanceExpr(dialect, origin)} <= ${bounded}`];
}
