import { REACTION_KINDS, type ReactionKind } from '../../../shared/constants';
import type { ReactionCounts } from '../../../shared/schemas/reactions';
import { type ReactionState, topKinds } from '../products';

// Comments and commands carry their counts per reaction kind and the viewer's own reaction
// (docs/conversations.md); the reactions bar also wants the total and the top three.
// (shared/schemas/reactions.ts has the same in `reactionCounts`, but importing it would bring
// zod into these pages.)

type Counted = Record<`${ReactionKind}_count`, number>;

/** The bar's counts of a comment or a command. */
export function countsFor(row: Counted): ReactionCounts {
  const counts = {
    like_count: row.like_count,
    haha_count: row.haha_count,
    love_count: row.love_count,
    wow_count: row.wow_count,
    sad_count: row.sad_count,
    angry_count: row.angry_count,
  };
  return {
    ...counts,
    reactions_count: REACTION_KINDS.reduce((sum, kind) => sum + counts[`${kind}_count`], 0),
    top: topKinds(counts),
  };
}

/**
 * What a comment or a command stores of a reactions bar's new state (its counts per kind and the
 * viewer's own): the total and the top three are derived from them.
 */
export function countsOf(state: ReactionState) {
  const { reactions_count: _total, top: _top, ...stored } = state;
  return stored;
}
