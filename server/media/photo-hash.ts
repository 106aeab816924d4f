import sharp from 'sharp';

// Issue 19 item 4: a perceptual hash of each uploaded photo, so that the same photo posted again
// by another account is found even re-encoded, resized or slightly recoloured (docs/trust.md).
// A difference hash (dHash): the image shrunk to 9×8 grey pixels, one bit per pair of neighbours
// in a row (is the right one brighter?), 64 bits as 16 hex digits. Comparing two hashes is
// counting the bits that differ (shared/domain/trust.ts `hammingDistance`).

const WIDTH = 9;
const HEIGHT = 8;

/** The dHash of an image sharp can read (the stored small WebP: already upright and small). */
export async function photoHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(WIDTH, HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH - 1; x += 1) {
      const left = pixels[y * WIDTH + x]!;
      const right = pixels[y * WIDTH + x + 1]!;
      bits = (bits << 1n) | (right > left ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** The hashes of the images among prepared uploads, by their media name (videos have none). */
export async function photoHashes(
  prepared: { name: string; processed: { type: string; small: Buffer | null } }[],
): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const file of prepared) {
    if (file.processed.type === 'image' && file.processed.small) {
      hashes.set(file.name, await photoHash(file.processed.small));
    }
  }
  return hashes;
}
