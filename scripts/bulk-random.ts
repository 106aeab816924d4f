import { TOWNS } from './bulk-vocabulary';

// The chance of the bulk seed (scripts/bulk-products.ts and its varied copies, bulk-copies.ts).

/** A small deterministic generator (mulberry32): the same seed gives the same products. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof randomSource>;

/** A point within `spreadKm` of the town centre. */
export function placeIn(r: Random) {
  const total = TOWNS.reduce((n, t) => n + t.weight, 0);
  let roll = r.next() * total;
  const town = TOWNS.find((t) => (roll -= t.weight) < 0) ?? TOWNS[0];
  const km = r.next() * town.spreadKm;
  const angle = r.next() * 2 * Math.PI;
  const latitude = town.latitude + (km * Math.cos(angle)) / 111.2;
  const longitude =
    town.longitude + (km * Math.sin(angle)) / (111.2 * Math.cos((town.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

/** A reference code ('ref 1x9k2' in an offer's text): a rare word, found in one offer or few. */
export const referenceCode = (r: Random) => r.int(0, 36 ** 5).toString(36);
