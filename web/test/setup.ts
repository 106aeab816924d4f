import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());

// Lazy pages load their chunk on first render; on a busy 2-core machine that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and has no ResizeObserver or IntersectionObserver; embla-carousel (the
// slider) observes its slides with both. Observers that never report are what jsdom would see.
class SilentObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= SilentObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= SilentObserver as unknown as typeof IntersectionObserver;
// Nor matchMedia, which embla calls for its (unused) breakpoints: no query matches, as
// web/lib/use-media-query.ts assumes where it is missing.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
