import type { ReactionState } from '../../components/reactions-bar';

/**
 * What a comment or a command stores of a reactions bar's new state (its counts per kind and the
 * viewer's own): the total and the top three are derived from them.
 */
export function countsOf(state: ReactionState) {
  const { reactions_count: _total, top: _top, ...stored } = state;
  return stored;
}
