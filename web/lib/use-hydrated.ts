import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * after: for parts that only exist in a browser (the map: Leaflet needs `window` to load).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
