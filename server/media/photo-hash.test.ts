import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance, isSamePhoto, isTellingPhotoHash } from '../../shared/domain/trust';
import { photoHash } from './photo-hash';
import { patternPhoto } from './photo-hash.test-support';
import { png } from './test-files';

// Issue 19 item 4: the same photo re-encoded, resized or recropped slightly keeps (nearly) its
// hash; another photo does not; a blank picture says nothing.

describe('photo hash', () => {
  it('is 64 bits as 16 hex digits', async () => {
    expect(await photoHash(await patternPhoto(1))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('finds the same photo re-encoded, resized, brightened or as WebP', async () => {
    const original = await photoHash(await patternPhoto(1));
    const copies = [
      await patternPhoto(1, { width: 320, height: 240, format: 'png' }),
      await patternPhoto(1, { width: 1280, height: 960, format: 'webp' }),
      await sharp(await patternPhoto(1))
        .modulate({ brightness: 1.15 })
        .jpeg({ quality: 40 })
        .toBuffer(),
    ];
    for (const copy of copies) {
      const hash = await photoHash(copy);
      expect(hammingDistance(hash, original)).toBeLessThanOrEqual(4);
      expect(isSamePhoto(hash, original)).toBe(true);
    }
  });

  it('tells different photos apart', async () => {
    const hashes = await Promise.all(
      [1, 2, 3, 4, 5].map(async (s) => photoHash(await patternPhoto(s))),
    );
    for (let i = 0; i < hashes.length; i += 1) {
      expect(isTellingPhotoHash(hashes[i]!)).toBe(true);
      for (let j = i + 1; j < hashes.length; j += 1) {
        expect(isSamePhoto(hashes[i]!, hashes[j]!)).toBe(false);
      }
    }
  });

  it('knows a blank picture says nothing', async () => {
    expect(isTellingPhotoHash(await photoHash(await png(600, 400)))).toBe(false);
  });
});
