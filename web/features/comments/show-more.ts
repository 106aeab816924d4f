import { useCallback, useEffect, useReducer, useRef } from 'react';

// The 'show more' lists of SPEC §2 (comments, replies, commands): three at a time, the offset
// growing with the number loaded. The server answers newest first; on screen a thread reads
// oldest to newest, so each newly loaded batch is sorted and placed before the items already
// shown (SPEC §2), and 'show more' sits above them. What the viewer writes goes at the end.

export interface Listed {
  id: number;
  created_at: string;
}

export interface ShowMoreState<T extends Listed> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  /** Deleted items still on screen for a moment (SPEC §4: 'disappears shortly after'). */
  removed: number[];
  /** What the server counts (the parent's comments_count, the product's commands_count). */
  total: number;
  /** The last answer was short: the server has nothing more for this viewer. */
  exhausted: boolean;
  loadingMore: boolean;
  /** The last request failed (the list offers to try again). */
  failed: boolean;
}

export type ShowMoreAction<T extends Listed> =
  | { type: 'loading' }
  | { type: 'loaded'; batch: T[]; total: number; limit: number }
  | { type: 'failed' }
  | { type: 'added'; item: T }
  | { type: 'removed'; id: number }
  | { type: 'purged'; id: number };

export function initialShowMore<T extends Listed>(): ShowMoreState<T> {
  return {
    status: 'loading',
    items: [],
    removed: [],
    total: 0,
    exhausted: false,
    loadingMore: true,
    failed: false,
  };
}

/** Oldest first; equal dates by id. */
export function byDate(a: Listed, b: Listed): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id;
}

/** How many of the shown items the server still has: the offset of the next page. */
export function loadedCount(state: ShowMoreState<Listed>): number {
  return state.items.length - state.removed.length;
}

export function showMoreReducer<T extends Listed>(
  state: ShowMoreState<T>,
  action: ShowMoreAction<T>,
): ShowMoreState<T> {
  switch (action.type) {
    case 'loading':
      return {
        ...state,
        loadingMore: true,
        failed: false,
        status: state.status === 'error' ? 'loading' : state.status,
      };
    case 'failed':
      return {
        ...state,
        loadingMore: false,
        failed: true,
        status: state.status === 'loading' ? 'error' : state.status,
      };
    case 'loaded': {
      // An item may come twice when others wrote meanwhile (the offsets moved): keep one.
      const known = new Set(state.items.map((item) => item.id));
      const fresh = action.batch.filter((item) => !known.has(item.id)).sort(byDate);
      return {
        ...state,
        status: 'ready',
        failed: false,
        items: [...fresh, ...state.items],
        total: action.total,
        exhausted: action.batch.length < action.limit,
        loadingMore: false,
      };
    }
    case 'added':
      if (state.items.some((item) => item.id === action.item.id)) return state;
      return { ...state, items: [...state.items, action.item], total: state.total + 1 };
    case 'removed':
      if (state.removed.includes(action.id)) return state;
      return {
        ...state,
        removed: [...state.removed, action.id],
        total: Math.max(0, state.total - 1),
      };
    case 'purged':
      return {
        ...state,
        items: state.items.filter((item) => item.id !== action.id),
        removed: state.removed.filter((id) => id !== action.id),
      };
  }
}

/** What the list shows under its items. */
export function listFooter(state: ShowMoreState<Listed>): {
  canShowMore: boolean;
  /** Loaded is below total and nothing more comes back: the rest are private (SPEC §2). */
  restHidden: boolean;
} {
  const loaded = loadedCount(state);
  const more = state.status === 'ready' && loaded < state.total;
  return { canShowMore: more && !state.exhausted, restHidden: more && state.exhausted };
}

/** How long a deleted item stays on screen, faded, before it goes. */
export const REMOVED_LINGER_MS = 1500;

/**
 * A 'show more' list: loads the first page on mount, `showMore()` the next, `add` and `remove`
 * for what the viewer writes and deletes (the offset follows). `fetchPage` must be stable for
 * the list's lifetime (the list is keyed by its parent).
 */
export function useShowMore<T extends Listed>(
  fetchPage: (offset: number, signal: AbortSignal) => Promise<{ items: T[]; total: number }>,
  limit: number,
) {
  const [state, dispatch] = useReducer(showMoreReducer<T>, undefined, initialShowMore<T>);
  const fetchRef = useRef(fetchPage);
  const controller = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  const load = useCallback(
    (offset: number) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      dispatch({ type: 'loading' });
      fetchRef.current(offset, abort.signal).then(
        ({ items, total }) => {
          if (!abort.signal.aborted) dispatch({ type: 'loaded', batch: items, total, limit });
        },
        () => {
          if (!abort.signal.aborted) dispatch({ type: 'failed' });
        },
      );
    },
    [limit],
  );

  useEffect(() => {
    load(0);
    const pending = timers.current;
    return () => {
      controller.current?.abort();
      pending.forEach((timer) => window.clearTimeout(timer));
    };
  }, [load]);

  return {
    state,
    showMore: () => load(loadedCount(state)),
    retry: () => load(loadedCount(state)),
    add: (item: T) => dispatch({ type: 'added', item }),
    remove: (id: number) => {
      dispatch({ type: 'removed', id });
      timers.current.push(
        window.setTimeout(() => dispatch({ type: 'purged', id }), REMOVED_LINGER_MS),
      );
    },
  };
}
