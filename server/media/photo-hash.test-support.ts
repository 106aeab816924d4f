import sharp from 'sharp';

/**
 * A photo-like test picture: soft blobs of light and shade placed by `seed`, so two seeds give
 * two different pictures and one seed the same picture at any size or format.
 */
export function patternPhoto(
  seed: number,
  { width = 640, height = 480, format = 'jpeg' as 'jpeg' | 'png' | 'webp' } = {},
): Promise<Buffer> {
  // Drawn at a fixed small size (quick), then scaled to the size asked.
  const [w, h] = [320, 240];
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const blobs = Array.from({ length: 12 }, () => ({
    x: random(),
    y: random(),
    r: 0.08 + random() * 0.25,
    light: random() * 255 - 128,
  }));
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let value = 128;
      for (const b of blobs) {
        const d = Math.hypot(x / w - b.x, y / h - b.y);
        value += b.light * Math.exp(-((d / b.r) ** 2));
      }
      const v = Math.max(0, Math.min(255, Math.round(value)));
      const i = (y * w + x) * 3;
      pixels[i] = v;
      pixels[i + 1] = Math.round(v * 0.8);
      pixels[i + 2] = Math.round(v * 0.6);
    }
  }
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .toFormat(format, { quality: 80 })
    .toBuffer();
}
