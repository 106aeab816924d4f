import { describe, expect, it, vi } from 'vitest';
import { beforeRouterPop, installHistoryGuard } from './history-guard';

// Issue 35 item 9: a popstate a handler claims never reaches the listeners added after the guard
// (the router's); one it leaves does, and the latest handler answers first.

describe('the history guard', () => {
  it('runs before later listeners and keeps a claimed popstate from them', () => {
    installHistoryGuard();
    const router = vi.fn();
    window.addEventListener('popstate', router);
    const calls: string[] = [];
    const removeModal = beforeRouterPop(() => {
      calls.push('modal');
      return false;
    });
    const removeViewer = beforeRouterPop(() => {
      calls.push('viewer');
      return true;
    });

    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(calls).toEqual(['viewer']);
    expect(router).not.toHaveBeenCalled();

    removeViewer();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(calls).toEqual(['viewer', 'modal']);
    expect(router).toHaveBeenCalledTimes(1);

    removeModal();
    window.removeEventListener('popstate', router);
  });
});
