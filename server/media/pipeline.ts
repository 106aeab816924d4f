import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../shared/constants';
import { invalid } from '../errors';
import { detectFile } from './detect';
import { convertVideo, type VideoTools } from './video';

// DESIGN §8: images are auto-rotated, stripped of EXIF and GPS (sharp writes no metadata unless
// asked), and stored as WebP in two sizes; videos are rewritten by ffmpeg without metadata
// (./video.ts) and get a poster, made from one of their frames by the same image code.

/**
 * libvips threads per image. With one job at a time (./work-queue.ts), one thread leaves the
 * other core of a small server to the requests.
 */
export const IMAGE_THREADS = 1;
sharp.concurrency(IMAGE_THREADS);

/** Longest side of the stored original. */
export const ORIGINAL_MAX_PX = 2048;
/** Width of the small variant cards and first slides show (height bounded for tall images). */
export const SMALL_WIDTH_PX = 480;
const SMALL_MAX_HEIGHT_PX = 960;
/**
 * An animation stays animated up to this many frames and this many pixels over all its frames;
 * past either, only its first frame is kept, as a still (a 735-frame GIF took 11.5 s of CPU). The
 * pixels are the cost: 99 frames within the earlier 25-megapixel budget took 10.9 s each, and a
 * noisy 6-megapixel one 6.9 s under load (issue 29 item 8); 3 megapixels (30 frames of 320×320)
 * keep a product's short animation and bound one job to about a second on a quiet core.
 */
export const MAX_ANIMATED_FRAMES = 100;
export const MAX_ANIMATED_PIXELS = 3_000_000;

/** Pixel size of a stored image (one frame of an animation). */
export interface Dimensions {
  width: number;
  height: number;
}

/**
 * Sizes of what a product file shows (migration 017): an image's original and small variant, a
 * video's poster in the same two sizes. Pages give them to `srcset` and `width`/`height`.
 */
export interface ImageDimensions {
  width: number;
  height: number;
  small_width: number;
  small_height: number;
}

export interface ConvertedImage {
  original: Buffer;
  small: Buffer;
  dimensions: ImageDimensions;
}

export interface ProcessedFile {
  type: 'image' | 'video';
  extension: 'webp' | 'mp4' | 'webm';
  /** The file as stored, and for images the small variant. */
  original: Buffer;
  small: Buffer | null;
  /** A video's poster, in the two image sizes. */
  poster: ConvertedImage | null;
  /** The image's sizes, or the poster's for a video. */
  dimensions: ImageDimensions;
}

export interface ProcessOptions {
  /** Whether videos can be converted (ffmpeg found); a video is refused when not. */
  videos: () => Promise<boolean>;
  tools: VideoTools;
}

const notAllowed = (field: string) => invalid(field, 'file_type_not_allowed');

/** Checks one upload by its bytes and turns it into what is stored; 422 under `field` if refused. */
export async function processUpload(
  buffer: Buffer,
  field: string,
  options: ProcessOptions,
): Promise<ProcessedFile> {
  const detected = detectFile(buffer);
  if (!detected) throw notAllowed(field);
  if (detected.kind === 'video') {
    if (!(await options.videos())) throw invalid(field, 'video_processing_unavailable');
    const { video, frame } = await convertVideo(buffer, detected.extension, field, options.tools);
    const poster = await convertImage(frame, 'png', field);
    return {
      type: 'video',
      extension: detected.extension,
      original: video,
      small: null,
      poster,
      dimensions: poster.dimensions,
    };
  }
  const { original, small, dimensions } = await convertImage(buffer, detected.format, field);
  return { type: 'image', extension: 'webp', original, small, poster: null, dimensions };
}

/** An image in one of the allowed formats, as WebP in the two sizes; 422 under `field` if not. */
export async function convertImage(
  buffer: Buffer,
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  field: string,
): Promise<ConvertedImage> {
  const mayAnimate = format === 'gif' || format === 'webp';
  let meta: Metadata;
  try {
    // Only the header is read here. Without `limitInputPixels: false`, sharp's default cap
    // (268 MP) made a bigger flood (20000×20000) fail as a broken file, `file_type_not_allowed`,
    // instead of `image_too_large` below (found by server/security/uploads.test.ts).
    meta = await sharp(buffer, { animated: mayAnimate, limitInputPixels: false }).metadata();
  } catch {
    throw notAllowed(field);
  }
  // The format inside must be the one the magic number announced (no polyglots).
  if (meta.format !== format || !meta.width || !meta.height) throw notAllowed(field);
  // Read from the header before any decoding: a small file that would inflate to a huge
  // bitmap (a "pixel flood") is refused without spending the memory.
  const frameHeight = meta.pageHeight ?? meta.height;
  const framePixels = meta.width * frameHeight;
  if (framePixels > MAX_IMAGE_PIXELS) throw invalid(field, 'image_too_large');
  // Frames cost CPU too: a long or large animation keeps its first frame only.
  const frames = meta.pages ?? 1;
  const animated =
    mayAnimate &&
    frames > 1 &&
    frames <= MAX_ANIMATED_FRAMES &&
    framePixels * frames <= MAX_ANIMATED_PIXELS;
  const open = () =>
    sharp(buffer, {
      animated,
      autoOrient: true,
      failOn: 'error',
      // What is decoded: one frame, or every frame of an animation kept as one.
      limitInputPixels: animated ? MAX_ANIMATED_PIXELS : MAX_IMAGE_PIXELS,
    });

  try {
    const original = await open()
      .resize({
        width: ORIGINAL_MAX_PX,
        height: ORIGINAL_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const small = await open()
      .resize({
        width: SMALL_WIDTH_PX,
        height: SMALL_MAX_HEIGHT_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    const a = frameSize(original.info);
    const b = frameSize(small.info);
    return {
      original: original.data,
      small: small.data,
      dimensions: {
        width: a.width,
        height: a.height,
        small_width: b.width,
        small_height: b.height,
      },
    };
  } catch {
    // Right header, broken body: not an image we can serve.
    throw notAllowed(field);
  }
}

/** One frame's size: an animation's output stacks its frames one under the other. */
function frameSize(info: { width: number; height: number; pageHeight?: number }): Dimensions {
  return { width: info.width, height: info.pageHeight ?? info.height };
}

/** The size of a stored image, read from its header (the backfill of migration 017). */
export async function imageSize(buffer: Buffer): Promise<Dimensions | null> {
  try {
    const meta = await sharp(buffer, { animated: true, limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.pageHeight ?? meta.height };
  } catch {
    return null;
  }
}
