import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstInput } from './first-input';

describe('onFirstInput', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, at the first touch, click or key', () => {
    const callback = vi.fn();
    onFirstInput(callback);
    expect(callback).not.toHaveBeenCalled();
    dispatchEvent(new Event('keydown'));
    dispatchEvent(new Event('pointerdown'));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after the delay when no input came, and not again at an input', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    onFirstInput(callback, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    dispatchEvent(new Event('touchstart'));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('an input first clears the delay; cancelled, it runs at neither', () => {
    vi.useFakeTimers();
    const early = vi.fn();
    onFirstInput(early, 10_000);
    dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(early).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    onFirstInput(cancelled, 10_000)();
    dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
