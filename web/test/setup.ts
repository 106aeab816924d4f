import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRestOfDictionary } from '../lib/i18n';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());

// Lazy pages load their chunk on first render; on a busy 2-core machine that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
// The second part of the dictionary (web/lib/i18n.ts), which pages and lazy parts wait for: loaded
// once per file here, not inside the first test's time. (Outside the build it holds every key.)
beforeAll(() => loadRestOfDictionary());

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
// the scroller (web/components/scroller.tsx) assumes where it is missing.
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
// jsdom has <dialog> but not showModal() nor the Escape it handles: a stand-in that opens it, and
// on Escape sends `cancel` to the innermost modal dialog (closing it unless the listener refuses),
// as a browser does.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (event.key !== 'Escape' || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
