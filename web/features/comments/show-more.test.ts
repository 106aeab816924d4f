import { describe, expect, it } from 'vitest';
import {
  initialShowMore,
  listFooter,
  loadedCount,
  showMoreReducer,
  type Listed,
  type ShowMoreState,
} from './show-more';

// SPEC §2: three at a time; each newly loaded batch (the server answers newest first) is sorted
// and placed before what is already shown; the offset grows with the number loaded.

const item = (id: number, minute: number): Listed => ({
  id,
  created_at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

function run(...actions: Parameters<typeof showMoreReducer<Listed>>[1][]) {
  return actions.reduce<ShowMoreState<Listed>>(
    (state, action) => showMoreReducer(state, action),
    initialShowMore<Listed>(),
  );
}

const ids = (state: ShowMoreState<Listed>) => state.items.map((i) => i.id);

describe('the show-more list', () => {
  it('shows the first batch oldest first', () => {
    const state = run({
      type: 'loaded',
      batch: [item(7, 7), item(6, 6), item(5, 5)],
      total: 7,
      limit: 3,
    });
    expect(ids(state)).toEqual([5, 6, 7]);
    expect(state.status).toBe('ready');
    expect(loadedCount(state)).toBe(3);
    expect(listFooter(state)).toEqual({ canShowMore: true, restHidden: false });
  });

  it('places each newly loaded batch, sorted, before the items already shown', () => {
    const state = run(
      { type: 'loaded', batch: [item(7, 7), item(6, 6), item(5, 5)], total: 7, limit: 3 },
      { type: 'loading' },
      { type: 'loaded', batch: [item(4, 4), item(3, 3), item(2, 2)], total: 7, limit: 3 },
      { type: 'loading' },
      { type: 'loaded', batch: [item(1, 1)], total: 7, limit: 3 },
    );
    expect(ids(state)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(state.exhausted).toBe(true);
    expect(listFooter(state)).toEqual({ canShowMore: false, restHidden: false });
  });

  it('sorts equal dates by id and keeps one copy of an item that comes twice', () => {
    const state = run(
      { type: 'loaded', batch: [item(9, 5), item(8, 5), item(7, 4)], total: 6, limit: 3 },
      // Someone wrote meanwhile: the offsets moved by one, item 7 comes again.
      { type: 'loaded', batch: [item(7, 4), item(6, 3), item(5, 3)], total: 7, limit: 3 },
    );
    expect(ids(state)).toEqual([5, 6, 7, 8, 9]);
    expect(state.total).toBe(7);
  });

  it('puts what the viewer writes at the end, counted in the offset and the total', () => {
    const state = run(
      { type: 'loaded', batch: [item(3, 3), item(2, 2), item(1, 1)], total: 5, limit: 3 },
      { type: 'added', item: item(10, 20) },
    );
    expect(ids(state)).toEqual([1, 2, 3, 10]);
    expect(state.total).toBe(6);
    expect(loadedCount(state)).toBe(4);
  });

  it('keeps a deleted item on screen for a moment, out of the count and the offset', () => {
    const loaded = run({
      type: 'loaded',
      batch: [item(3, 3), item(2, 2), item(1, 1)],
      total: 5,
      limit: 3,
    });
    const removed = showMoreReducer(loaded, { type: 'removed', id: 2 });
    expect(ids(removed)).toEqual([1, 2, 3]);
    expect(removed.removed).toEqual([2]);
    expect(removed.total).toBe(4);
    expect(loadedCount(removed)).toBe(2);
    // Twice is once.
    expect(showMoreReducer(removed, { type: 'removed', id: 2 }).total).toBe(4);
    const gone = showMoreReducer(removed, { type: 'purged', id: 2 });
    expect(ids(gone)).toEqual([1, 3]);
    expect(loadedCount(gone)).toBe(2);
  });

  it('says the rest are private when loaded is below total and nothing more comes', () => {
    const state = run(
      { type: 'loaded', batch: [item(3, 3), item(2, 2), item(1, 1)], total: 5, limit: 3 },
      { type: 'loaded', batch: [], total: 5, limit: 3 },
    );
    expect(listFooter(state)).toEqual({ canShowMore: false, restHidden: true });
    // Also when the first answer is already short.
    const first = run({ type: 'loaded', batch: [item(1, 1)], total: 2, limit: 3 });
    expect(listFooter(first)).toEqual({ canShowMore: false, restHidden: true });
  });

  it('reports a failed first load as an error, a failed show-more as a failure', () => {
    expect(run({ type: 'failed' }).status).toBe('error');
    const later = run(
      { type: 'loaded', batch: [item(3, 3), item(2, 2), item(1, 1)], total: 5, limit: 3 },
      { type: 'loading' },
      { type: 'failed' },
    );
    expect(later.status).toBe('ready');
    expect(later.failed).toBe(true);
    expect(listFooter(later).canShowMore).toBe(true);
  });
});
