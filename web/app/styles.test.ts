import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN §9: the same stylesheets serve both directions because they only use logical properties.
// The global one (web/app/styles.css) and every component's or page's own, beside it in web/.
const withoutComments = (file: string) =>
  readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const files = readdirSync(path.resolve('web'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => path.join('web', file))
  .sort();
const css = withoutComments(path.resolve('web/app/styles.css'));

const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /border-(?:top|bottom)-(?:left|right)-radius/,
  /text-align\s*:\s*(?:left|right)/,
  /float\s*:\s*(?:left|right)/,
  /clear\s*:\s*(?:left|right)/,
];

describe('stylesheets', () => {
  it('are found beside their components', () => {
    expect(files).toContain(path.join('web', 'app', 'styles.css'));
    expect(files.length).toBeGreaterThan(10);
  });

  it('use logical properties only, never left or right', () => {
    const offending = files.flatMap((file) =>
      withoutComments(file)
        .split('\n')
        .map((line, index) => ({ file, line: line.trim(), number: index + 1 }))
        .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line))),
    );
    expect(offending).toEqual([]);
  });

  it('mirrors pointing icons in right-to-left pages', () => {
    expect(css).toMatch(/\[dir='rtl'\] \.icon--directional\s*\{\s*transform: scaleX\(-1\)/);
  });

  it('hides the scroller arrows on touch screens', () => {
    expect(withoutComments(path.resolve('web/components/scroller.css'))).toMatch(
      /@media \(pointer: coarse\)\s*\{\s*\.scroller__arrow\s*\{\s*display: none/,
    );
  });
});
