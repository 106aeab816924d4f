import { z } from './common';
import { REACTION_KINDS, REACTIONABLE_TYPES, type ReactionKind } from '../constants';

// Reactions on products, comments and commands (SPEC §3, §7).

export const reactionBody = z.object({ name: z.enum(REACTION_KINDS) });
export const reactionParams = z.object({
  type: z.string(),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const reactionableType = z.enum(REACTIONABLE_TYPES);
export type ReactionableType = z.infer<typeof reactionableType>;

const count = z.number().int();
/** Counts per kind, their total, and the top three kinds by count (SPEC §9). */
export const reactionCountsSchema = z.object({
  like_count: count,
  haha_count: count,
  love_count: count,
  wow_count: count,
  sad_count: count,
  angry_count: count,
  reactions_count: count,
  top: z.array(z.enum(REACTION_KINDS)),
});
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/** POST /reactions/create/{type}/{id} answers `{ reactionable }`. */
export const reactionableSchema = reactionCountsSchema.extend({
  id: z.number().int(),
  type: reactionableType,
  /** The viewer's own reaction after the change. */
  reaction: z.enum(REACTION_KINDS).nullable(),
});
export type Reactionable = z.infer<typeof reactionableSchema>;
export const reactionResponse = z.object({ reactionable: reactionableSchema });

/** The counters of a row and the three kinds with most reactions (ties: SPEC's order). */
export function reactionCounts(row: Record<`${ReactionKind}_count`, number>): ReactionCounts {
  const top = REACTION_KINDS.map((kind, order) => ({ kind, order, count: row[`${kind}_count`] }))
    .filter((k) => k.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, 3)
    .map((k) => k.kind);
  return {
    like_count: row.like_count,
    haha_count: row.haha_count,
    love_count: row.love_count,
    wow_count: row.wow_count,
    sad_count: row.sad_count,
    angry_count: row.angry_count,
    reactions_count: REACTION_KINDS.reduce((sum, kind) => sum + row[`${kind}_count`], 0),
    top,
  };
}
