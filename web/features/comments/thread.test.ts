import { describe, expect, it } from 'vitest';
import { COMMAND_COMMENT_MAX_DEPTH, COMMENT_MAX_DEPTH } from '../../../shared/constants';
import { aUser } from '../../test/render-app';
import { maxDepthOf, replyTarget, shopRoleOf } from './thread';

describe('nesting (SPEC §4)', () => {
  it('goes 3 levels under a product and 2 under a command', () => {
    expect(maxDepthOf('product')).toBe(COMMENT_MAX_DEPTH);
    expect(maxDepthOf('command')).toBe(COMMAND_COMMENT_MAX_DEPTH);
    expect(maxDepthOf({ command_id: null })).toBe(3);
    expect(maxDepthOf({ command_id: 12 })).toBe(2);
  });

  it('replies below a comment until the limit, then in its parent’s box', () => {
    expect(replyTarget(1, 3)).toBe('replies');
    expect(replyTarget(2, 3)).toBe('replies');
    expect(replyTarget(3, 3)).toBe('parent');
    expect(replyTarget(1, 2)).toBe('replies');
    expect(replyTarget(2, 2)).toBe('parent');
  });

  it('finds the viewer’s role in a shop', () => {
    const me = aUser();
    expect(shopRoleOf(me, 11)).toBe('owner');
    expect(shopRoleOf(me, 12)).toBeNull();
    expect(shopRoleOf(null, 11)).toBeNull();
    expect(shopRoleOf(me, undefined)).toBeNull();
  });
});
