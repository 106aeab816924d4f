import { describe, expect, it } from 'vitest';
import { bucketAt, MemorySlidingWindow, secondsUntilRoom } from './sliding-window';

// Issue 29 item 12: windows slide; issue 31 item 1: the read limit counts in memory.
const T0 = 1_800_000_000;

describe('sliding windows', () => {
  it('puts a hit in a bucket of a sixtieth of the window, counting a window past its end', () => {
    expect(bucketAt(T0 + 59, 3600)).toEqual({ start: T0, end: T0 + 60 + 3600 });
    expect(bucketAt(T0 + 60, 3600)).toEqual({ start: T0 + 60, end: T0 + 120 + 3600 });
    expect(bucketAt(T0 + 5, 30)).toEqual({ start: T0 + 5, end: T0 + 6 + 30 });
  });

  it('answers the wait until one more hit fits', () => {
    const buckets = [
      { start: T0, end: T0 + 660, count: 2 },
      { start: T0 + 100, end: T0 + 760, count: 1 },
    ];
    expect(secondsUntilRoom(buckets, T0 + 200, 3)).toBe(460);
    expect(secondsUntilRoom(buckets, T0 + 200, 2)).toBe(460);
    expect(secondsUntilRoom(buckets, T0 + 200, 1)).toBe(560);
    expect(secondsUntilRoom(buckets, T0 + 200, 4)).toBe(1);
  });
});

describe('MemorySlidingWindow', () => {
  it('never lets a limit of 3 an hour be 4 within a minute across the hour', () => {
    const window = new MemorySlidingWindow({ limit: 3, windowSeconds: 3600 });
    for (const at of [T0 + 3597, T0 + 3598, T0 + 3599]) {
      expect(window.hit('a', at)).toMatchObject({ allowed: true });
    }
    for (let at = T0 + 3600; at <= T0 + 3660; at += 10) {
      expect(window.hit('a', at)).toMatchObject({ allowed: false });
    }
    // Another key counts apart; a window later the key has room again (refused hits not kept).
    expect(window.hit('b', T0 + 3600)).toEqual({ allowed: true, count: 1 });
    expect(window.hit('a', T0 + 3540 + 60 + 3600)).toEqual({ allowed: true, count: 1 });
  });

  it('answers the wait when refused', () => {
    const window = new MemorySlidingWindow({ limit: 2, windowSeconds: 600 });
    window.hit('a', T0);
    window.hit('a', T0 + 300);
    // The first hit's bucket [T0, T0 + 10) counts until T0 + 610.
    expect(window.hit('a', T0 + 400)).toEqual({ allowed: false, retryAfterSeconds: 210 });
    expect(window.hit('a', T0 + 610)).toMatchObject({ allowed: true });
  });

  it('keeps at most maxKeys keys, dropping the least recently used', () => {
    const window = new MemorySlidingWindow({ limit: 1, windowSeconds: 600 }, 3);
    for (const key of ['a', 'b', 'c']) window.hit(key, T0);
    window.hit('a', T0 + 1); // refused, but used: 'b' is now the oldest
    window.hit('d', T0 + 2);
    expect(window.size).toBe(3);
    expect(window.hit('a', T0 + 3)).toMatchObject({ allowed: false });
    expect(window.hit('b', T0 + 3)).toMatchObject({ allowed: true });
  });
});
