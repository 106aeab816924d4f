import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN §9: one stylesheet serves both directions because it only uses logical properties.
const css = readFileSync(path.resolve('web/app/styles.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /border-(?:top|bottom)-(?:left|right)-radius/,
  /text-align\s*:\s*(?:left|right)/,
  /float\s*:\s*(?:left|right)/,
  /clear\s*:\s*(?:left|right)/,
];

describe('styles.css', () => {
  it('uses logical properties only, never left or right', () => {
    const offending = css
      .split('\n')
      .map((line, index) => ({ line: line.trim(), number: index + 1 }))
      .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line)));
    expect(offending).toEqual([]);
  });

  it('mirrors pointing icons in right-to-left pages', () => {
    expect(css).toMatch(/\[dir='rtl'\] \.icon--directional\s*\{\s*transform: scaleX\(-1\)/);
  });

  it('hides the scroller arrows on touch screens', () => {
    expect(css).toMatch(/@media \(pointer: coarse\)\s*\{\s*\.scroller__arrow\s*\{\s*display: none/);
  });
});
