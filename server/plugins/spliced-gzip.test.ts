import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { splice, splicedGzip, splicedText } from './spliced-gzip';

// A signed-in visitor's kept page (pages.ts) is gzipped once with their token left out: what a
// browser unzips must be the page with their own token, whatever the pieces.

describe('spliced gzip', () => {
  const token = 'Zq3_-token-of-one-session';
  const cases: [string, string[]][] = [
    ['one piece (no token)', ['<p>مرحبا بالعالم</p>'.repeat(200)]],
    ['pieces around tokens', ['<html><body>', '<input value="', '">سلام é', '</body></html>']],
    ['empty pieces', ['', '', '']],
    ['a piece of more than 64 KiB', ['a'.repeat(70_000), 'b'.repeat(200_000)]],
  ];
  for (const [name, pieces] of cases) {
    for (const across of [null, token.length]) {
      it(`gives the whole text, gzipped and plain: ${name}${across ? ', across pieces' : ''}`, () => {
        const kept = splice(pieces, across);
        const whole = pieces.join(token);
        expect(splicedText(kept, token)).toBe(whole);
        expect(gunzipSync(splicedGzip(kept, token)).toString()).toBe(whole);
        // Another visitor's token of the same length, and one of another length.
        const other = 'Ab9-_'.repeat(5);
        expect(gunzipSync(splicedGzip(kept, other)).toString()).toBe(pieces.join(other));
        expect(gunzipSync(splicedGzip(kept, 'short')).toString()).toBe(pieces.join('short'));
      });
    }
  }

  it('refers across pieces: a text repeated after the token costs little', () => {
    const text = Array.from({ length: 400 }, (_, i) => `<p>offre ${i * 7919} مرحبا</p>`).join('');
    const pieces = [text, JSON.stringify(text)];
    const alone = splicedGzip(splice(pieces), token).length;
    const across = splicedGzip(splice(pieces, token.length), token).length;
    const whole = gzipSync(pieces.join(token)).length;
    expect(across).toBeLessThan(alone * 0.75);
    expect(across).toBeLessThan(whole * 1.05);
  });

  it('puts a string of more than a stored block (64 KiB) between pieces', () => {
    const long = 'é'.repeat(40_000);
    expect(gunzipSync(splicedGzip(splice(['a', 'b']), long)).toString()).toBe(`a${long}b`);
  });

  it('keeps the pieces deflated only (a fifth of the page), the text still given whole', () => {
    const text = Array.from({ length: 400 }, (_, i) => `<p>offre ${i * 7919} مرحبا</p>`).join('');
    const pieces = [text, JSON.stringify(text), text.slice(100)];
    const kept = splice(pieces, token.length);
    expect(kept.size).toBeLessThan(Buffer.byteLength(pieces.join('')) / 5);
    expect(splicedText(kept, token)).toBe(pieces.join(token));
  });

  it('compresses the kept pieces (a page of repeated markup)', () => {
    const pieces = ['<div class="offer-card card">'.repeat(1000), '</div>'.repeat(1000)];
    expect(splicedGzip(splice(pieces), token).length).toBeLessThan(pieces.join('').length / 20);
  });
});
