import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * The site's address (`https://…`), for links shared outside it. The server renders without it
 * (''); the browser fills it in right after hydrating, so both first renders agree.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
