import {
  COMMAND_COMMENT_MAX_DEPTH,
  COMMENT_MAX_DEPTH,
  type ShopRole,
} from '../../../shared/constants';
import type { Me } from '../../lib/use-me';

// SPEC §4's nesting: comments on a command have at most 2 levels, others 3. A comment on a
// product or a command has depth 1; a reply its parent's depth + 1.

/** The deepest level of a thread: 2 under a command, 3 elsewhere. */
export function maxDepthOf(thread: { command_id: number | null } | 'product' | 'command'): number {
  const underCommand =
    typeof thread === 'string' ? thread === 'command' : thread.command_id !== null;
  return underCommand ? COMMAND_COMMENT_MAX_DEPTH : COMMENT_MAX_DEPTH;
}

/**
 * Where 'reply' on a comment leads: its own replies (with their input box) while the thread may
 * still grow below it, else the input box of the list it is in (its parent's), since a reply
 * there would be one level too deep (SPEC §4).
 */
export function replyTarget(depth: number, maxDepth: number): 'replies' | 'parent' {
  return depth < maxDepth ? 'replies' : 'parent';
}

/** The viewer's role in a shop (for SPEC §6's rules), null when they are not on its staff. */
export function shopRoleOf(
  me: Me | null | undefined,
  shopId: number | null | undefined,
): ShopRole | null {
  if (!me || shopId === null || shopId === undefined) return null;
  return me.shops.find((shop) => shop.id === shopId)?.pivot.role ?? null;
}

/** What a thread allows the viewer: the depth limit and whether they may write in it. */
export interface ThreadRules {
  maxDepth: number;
  /** Comment and reply (SPEC §6: signed in; under a command, can.replyToCommand). */
  canWrite: boolean;
}
