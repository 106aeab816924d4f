import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';
import type { FormState } from '../../shared/domain/forms';

// Random choices and the clock read while rendering (SPEC §4 shuffles an offer's images on every
// load; "5 minutes ago") must come out the same on the server and in the browser that hydrates its
// HTML: both use the seed and the time the server rendered the page with (web/entry-server.tsx
// hands them over with the page's data).

/** The server's render of the page being hydrated: its random seed and its clock. */
export interface ServerRender {
  seed: number;
  now: number;
  /** The page's forms: the visitor's XSRF token, and a form posted without scripts (lib/posted-form.ts). */
  form?: FormState;
  /**
   * The signed-in user's unread count the page was rendered with (the bell, the notifications
   * page): the live stream or a part hydrated earlier may have fetched a newer one by the time a
   * later part hydrates, and that part must first show what the server wrote (issue 35 item 13).
   */
  unread?: number;
}

/** The server's render of the page the browser loaded (null: the browser rendered it alone). */
const ServerRenderContext = createContext<ServerRender | null>(null);
export const ServerRenderProvider = ServerRenderContext.Provider;

/**
 * The server's render, for a component rendering on the server or hydrating the server's HTML
 * (React hydrates each part in its own pass, some after the first commit); null for one the
 * browser mounts afresh (other addresses, the same one visited again).
 */
export function useServerRender(): ServerRender | null {
  const server = useContext(ServerRenderContext);
  return useHydrated() ? null : server;
}

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
  const server = useServerRender();
  return server === null ? Math.random : seededRandom(server.seed ^ Math.imul(salt, 0x9e3779b1));
}

/** The time to render with: the server's on the page it rendered, else now. */
export function useRenderNow(): () => number {
  const server = useServerRender();
  return server === null ? Date.now : () => server.now;
}
