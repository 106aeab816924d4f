import { createContext, useContext } from 'react';

// Random choices made while rendering (SPEC §4 shuffles an offer's images on every load) must come
// out the same on the server and in the browser that hydrates its HTML: both draw from the seed
// the server chose for the page (web/entry-server.tsx hands it over with the page's data).

const RenderSeed = createContext<number | null>(null);
export const RenderSeedProvider = RenderSeed.Provider;

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A random source for one render-time choice: the page's seed mixed with `salt` (e.g. the offer's
 * id) where the server chose one, else Math.random.
 */
export function useRenderRandom(salt: number): () => number {
  const seed = useContext(RenderSeed);
  return seed === null ? Math.random : seededRandom(seed ^ Math.imul(salt, 0x9e3779b1));
}
