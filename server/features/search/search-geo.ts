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

/** The box around the origin that holds every point within `km`: what an index can walk. */
export function boundingBox(origin: Point, km: number) {
  const dLat = km / KM_PER_DEGREE;
  const conditions = [
    cond`products.latitude between ${Math.max(-90, origin.latitude - dLat)}
      and ${Math.min(90, origin.latitude + dLat)}`,
  ];
  // The box is widest in longitude at its latitude farthest from the equator.
  const cosLat = Math.cos(((Math.abs(origin.latitude) + dLat) * Math.PI) / 180);
  const dLng = cosLat > 0.01 ? km / (KM_PER_DEGREE * cosLat) : 360;
  // Near a pole or across the antimeridian the longitude range wraps: leave it to haversine.
  if (origin.longitude - dLng >= -180 && origin.longitude + dLng <= 180) {
    conditions.push(
      cond`products.longitude between ${origin.longitude - dLng} and ${origin.longitude + dLng}`,
    );
  } else {
    conditions.push(cond`products.longitude is not null`);
  }
  return conditions;
}

/** Everything within `km` of the origin: the box first (indexable), then the exact distance. */
export function withinKm(dialect: Dialect, origin: Point, km: number) {
  const bounded = Math.min(km, MAX_KM);
  return [...boundingBox(origin, bounded), cond`${distanceExpr(dialect, origin)} <= ${bounded}`];
}
