// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, bootTags } from './page-boot';

// The boot script in a page: the app's entry and its modules, or, on a page with islands, the
// islands' entry and modules that the build wrote in the document template (vite.config.ts).

const ISLANDS =
  '<script type="application/json" id="souq-islands">' +
  '{"entry":"/assets/islands.js","modules":["/assets/base.js","/assets/actions.js"],' +
  '"later":["/assets/offer-islands.js"]}</script>';

/** Runs the boot script on a page (a hidden tab: it starts at once) and says what it added. */
function boot(body: string) {
  document.head.innerHTML = ISLANDS;
  document.body.innerHTML =
    body + bootTags('/assets/index.js', ['/assets/base.js', '/assets/app.js']);
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  new Function(BOOT_SCRIPT)();
  return {
    preloads: [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    ),
    entry: document.head.querySelector('script[type=module]')?.getAttribute('src'),
  };
}

describe('the boot script', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('starts the whole app on a page without islands', () => {
    expect(boot('<div id="root"><main><a href="/">x</a></main></div>')).toEqual({
      preloads: ['/assets/base.js', '/assets/app.js'],
      entry: '/assets/index.js',
    });
  });

  it('starts the islands on a page of cards, without the app’s modules', () => {
    const page =
      '<div id="root"><div data-island="card-tools" data-props="{}"></div>' +
      '<div data-island="card-footer" data-props="{}"></div></div>';
    expect(boot(page)).toEqual({
      preloads: ['/assets/base.js', '/assets/actions.js'],
      entry: '/assets/islands.js',
    });
  });

  it('preloads the offer’s islands, loaded later by the entry, on a page that has one', () => {
    const page =
      '<div id="root"><div data-island="actions" data-props="{}"></div>' +
      '<div data-island="card-footer" data-props="{}"></div></div>';
    expect(boot(page)).toEqual({
      preloads: ['/assets/base.js', '/assets/actions.js', '/assets/offer-islands.js'],
      entry: '/assets/islands.js',
    });
  });
});
