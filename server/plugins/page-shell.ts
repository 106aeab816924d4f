import type { Language } from '../../shared/constants';

// What a page shows before the web app's scripts have run: the site header's brand, in the same
// markup and classes as web/app/layout/header.tsx, so the first paint comes with the HTML and
// CSS (not after some 150 KiB of JavaScript) and nothing moves when React takes over #root.

const NAME: Record<Language, string> = { ar: 'سوق', fr: 'Souq' };

const MARK =
  '<svg viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="9" fill="currentColor"/>' +
  '<path d="M9 13h14l-1.3 9.2a2 2 0 0 1-2 1.8h-7.4a2 2 0 0 1-2-1.8L9 13Zm3.5 0V11a3.5 3.5 0 0 1 7 0v2" ' +
  'fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>';

export function pageShell(language: Language): string {
  return (
    '<header class="site-header"><div class="container site-header__inner">' +
    `<a href="/" class="brand" aria-label="${NAME[language]}">` +
    `<span class="brand__mark" aria-hidden="true">${MARK}</span>` +
    `<span class="brand__name">${NAME[language]}</span></a></div></header>`
  );
}
