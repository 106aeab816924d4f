import { sql, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/types';
import {
  LEVEL_SPAN,
  PLACE_CELL_SIZES,
  placeCellsExpr,
  ROW_SPAN,
} from '../../db/migrations/042-search-words-cells';

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

/** A search condition in SQL (a tagged template, as `sql`), shared by the search's parts. */
export const cond = (strings: TemplateStringsArray, ...values: unknown[]) =>
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

const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine, as distanceExpr), in JS. */
export function haversineKm(a: Point, b: Point) {
  const h =
    Math.sin((b.latitude - a.latitude) * (RAD / 2)) ** 2 +
    Math.cos(a.latitude * RAD) *
      Math.cos(b.latitude * RAD) *
      Math.sin((b.longitude - a.longitude) * (RAD / 2)) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The nearest km from the origin to a cell (south, north, west, east, in degrees, not across the
 * antimeridian). Its nearest point is on the meridian through the origin if the cell spans it,
 * else on the cell's nearer meridian, where the distance falls then rises with the latitude, least
 * where tan(latitude) = tan(origin's) / cos(the longitudes' difference).
 */
function nearestKm(o: Point, south: number, north: number, west: number, east: number) {
  const clamp = (v: number) => Math.min(north, Math.max(south, v));
  if (o.longitude >= west && o.longitude <= east) {
    return haversineKm(o, { latitude: clamp(o.latitude), longitude: o.longitude });
  }
  const longitude = o.longitude < west ? west : east;
  const cosD = Math.cos((longitude - o.longitude) * RAD);
  // (A quarter of the globe away: no lower bound needed that far.)
  if (cosD <= 0) return 0;
  const latitude = clamp(Math.atan(Math.tan(o.latitude * RAD) / cosD) / RAD);
  return haversineKm(o, { latitude, longitude });
}

/** The most cells a search asks the index for (the finest size under it is taken). */
export const cellTuning = { most: 96 };

/** Distances are compared to a cell's with this margin (km): JS's and SQL's rounding. */
const CELL_MARGIN_KM = 0.001;

/**
 * PostgreSQL: the cells of migration 042 (one size) that hold every point within `km` of the
 * origin: those meeting that circle, the finest size whose cells are
 * at most cellTuning.most; null where none is (far) or the box wraps (near a pole, across the
 * antimeridian). A product is in a cell when floor((its latitude + 90) / size) is the cell's row
 * (its longitude + 180 the column): the same IEEE arithmetic as the index's expression.
 */
export function placeCells(origin: Point, km: number): readonly number[] | null {
  // A search asks again for each of its tiers (search-conditions.ts): 67–83 µs a whole distance.
  const key = `${origin.latitude} ${origin.longitude} ${km} ${cellTuning.most}`;
  if (lastCells?.key !== key) lastCells = { key, cells: cellsOf(origin, km) };
  return lastCells.cells;
}

/** The last cells placeCells gave, and what they were for. */
let lastCells: { key: string; cells: readonly number[] | null } | null = null;

function cellsOf(origin: Point, km: number): number[] | null {
  const { latitude, longitude } = boxRanges(origin, km);
  if (!longitude) return null;
  for (const [level, size] of PLACE_CELL_SIZES.entries()) {
    const [y0, y1] = latitude.map((v) => Math.floor((v + 90) / size));
    const [x0, x1] = longitude.map((v) => Math.floor((v + 180) / size));
    if ((y1 - y0 + 1) * (x1 - x0 + 1) > cellTuning.most * 4) continue;
    const cells: number[] = [];
    for (let y = y0; y <= y1; y++) {
      const [south, north] = [y * size - 90, (y + 1) * size - 90];
      for (let x = x0; x <= x1; x++) {
        const [west, east] = [x * size - 180, (x + 1) * size - 180];
        if (nearestKm(origin, south, north, west, east) > km + CELL_MARGIN_KM) continue;
        cells.push(level * LEVEL_SPAN + y * ROW_SPAN + x);
      }
    }
    if (cells.length <= cellTuning.most) return cells;
  }
  return null;
}

/** The products in these cells (placeCells): migration 042's index answers it with the words. */
export const inCells = (cells: readonly number[]) =>
  cond`${sql.raw(placeCellsExpr('products.'))} && ${`{${cells.join(',')}}`}::bigint[]`;

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
