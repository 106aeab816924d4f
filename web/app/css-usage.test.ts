import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every class a stylesheet of the web app styles is used somewhere (issue 15): written in a string
// of the web app (`className="offer-card"`, `['button', …].join(' ')`) or of the server's page
// shell, or built from one of the prefixes below. A rule for a class nobody renders is dead code.

/** Modifiers built at run time, with where they are built. */
const DYNAMIC_PREFIXES = [
  'catalog-item--', // web/features/admin/components/catalog-item.tsx
  'catalog-section--', // web/features/admin/components/catalog-section.tsx
  'comments-list--depth-', // web/features/comments/components/comments-list.tsx
  'insights-chart__bar--', // web/features/shops/components/insights-chart.tsx
  'image-field__body--', // web/components/image-field.tsx
  'image-field__preview--', // web/components/image-field.tsx
  'modal--', // web/components/modal.tsx
  'popover__panel--', // web/components/popover.tsx
  'role-badge--', // web/features/users/my-shops-page.tsx
];

const files = (ending: RegExp) =>
  readdirSync(path.resolve('web'), { recursive: true, encoding: 'utf8' })
    .filter((file) => ending.test(file))
    .map((file) => path.join('web', file));

/** Every word of every string literal (quoted or between backticks) of the web app's code. */
function wordsOfSources(): Set<string> {
  const words = new Set<string>();
  const code = files(/\.tsx?$/)
    .filter((file) => !/\.test\.tsx?$|test-support/.test(file))
    .concat('server/plugins/page-shell.ts');
  for (const file of code) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [/'([^'\n]*)'/g, /"([^"\n]*)"/g, /`([^`]*)`/g]) {
      for (const match of text.matchAll(pattern)) {
        for (const word of match[1].split(/[\s{}$`()'"?:]+/)) if (word) words.add(word);
      }
    }
  }
  return words;
}

function classesOf(file: string): string[] {
  const css = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/url\([^)]*\)/g, '')
    // Declarations (values such as 0.5rem) are not selectors.
    .replace(/\{[^{}]*\}/g, '{}');
  return [...new Set([...css.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1]))];
}

describe('stylesheet classes', () => {
  const words = wordsOfSources();
  const used = (name: string) =>
    words.has(name) || DYNAMIC_PREFIXES.some((prefix) => name.startsWith(prefix));

  it('are all used somewhere in the web app', () => {
    const stylesheets = files(/\.css$/);
    expect(stylesheets.length).toBeGreaterThan(10);
    const unused = stylesheets.flatMap((file) =>
      classesOf(file)
        .filter((name) => !used(name))
        .map((name) => `${file}: .${name}`),
    );
    expect(unused).toEqual([]);
  });

  it('recognises a modifier built from an allowed prefix, and not an unknown class', () => {
    expect(used('modal--small')).toBe(true);
    expect(used('no-such-class-anywhere')).toBe(false);
  });
});
