import type { ReactionCounts } from '../../../../shared/schemas/reactions';

/** An offer's or a card's reaction counts alone: the least its reactions bar needs (an island's props). */
export function reactionCountsOf(item: ReactionCounts): ReactionCounts {
  const {
    like_count,
    haha_count,
    love_count,
    wow_count,
    sad_count,
    angry_count,
    reactions_count,
    top,
  } = item;
  return {
    like_count,
    haha_count,
    love_count,
    wow_count,
    sad_count,
    angry_count,
    reactions_count,
    top,
  };
}
