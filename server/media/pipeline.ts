import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../shared/constants';
import { invalid } from '../errors';
import { detectFile } from './detect';

// DESIGN §8: images are auto-rotated, stripped of EXIF and GPS (sharp writes no metadata unless
// asked), and stored as WebP in two sizes; videos are stored as they came.

/** Longest side of the stored original. */
export const ORIGINAL_MAX_PX = 2048;
/** Width of the small variant cards and first slides show (height bounded for tall images). */
export const SMALL_WIDTH_PX = 480;
const SMALL_MAX_HEIGHT_PX = 960;

export interface ProcessedFile {
  type: 'image' | 'video';
  extension: 'webp' | 'mp4' | 'webm';
  /** The file as stored, and for images the small variant. */
  original: Buffer;
  small: Buffer | null;
}

const notAllowed = (field: string) => invalid(field, 'file_type_not_allowed');

/** Checks one upload by its bytes and turns it into what is stored; 422 under `field` if refused. */
export async function processUpload(buffer: Buffer, field: string): Promise<ProcessedFile> {
  const detected = detectFile(buffer);
  if (!detected) throw notAllowed(field);
  if (detected.kind === 'video') {
    return { type: 'video', extension: detected.extension, original: buffer, small: null };
  }
  const animated = detected.format === 'gif' || detected.format === 'webp';
  const open = () =>
    sharp(buffer, {
      animated,
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
    });

  let meta: Metadata;
  try {
    // Only the header is read here. Without `limitInputPixels: false`, sharp's default cap
    // (268 MP) made a bigger flood (20000×20000) fail as a broken file, `file_type_not_allowed`,
    // instead of `image_too_large` below (found by server/security/uploads.test.ts).
    meta = await sharp(buffer, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw notAllowed(field);
  }
  // The format inside must be the one the magic number announced (no polyglots).
  if (meta.format !== detected.format || !meta.width || !meta.height) throw notAllowed(field);
  // Read from the header before any decoding: a small file that would inflate to a huge
  // bitmap (a "pixel flood") is refused without spending the memory. Frames count too.
  const frameHeight = meta.pageHeight ?? meta.height;
  const pixels = meta.width * frameHeight * (meta.pages ?? 1);
  if (meta.width * frameHeight > MAX_IMAGE_PIXELS || pixels > MAX_IMAGE_PIXELS) {
    throw invalid(field, 'image_too_large');
  }

  try {
    const original = await open()
      .resize({
        width: ORIGINAL_MAX_PX,
        height: ORIGINAL_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
    const small = await open()
      .resize({
        width: SMALL_WIDTH_PX,
        height: SMALL_MAX_HEIGHT_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer();
    return { type: 'image', extension: 'webp', original, small };
  } catch {
    // Right header, broken body: not an image we can serve.
    throw notAllowed(field);
  }
}
