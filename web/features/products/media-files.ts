import { MAX_FILE_BYTES, MAX_FILES_PER_PRODUCT } from '../../../shared/constants';

// Photos and videos of an offer, checked in the browser before anything is sent (SPEC §5, §8):
// at most ten per offer, ten megabytes each, images and MP4/WebM videos only. Large photos are
// downscaled first (the server keeps at most 2048 px anyway), which spares phones a long upload.

export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm';
const ACCEPTED = new Set(ACCEPTED_TYPES.split(','));
/** The server stores at most 2048 px (docs/products.md): no need to send more. */
export const MAX_UPLOAD_SIDE = 2048;
/** Photos smaller than this are sent as they are. */
const DOWNSCALE_FROM_BYTES = 1.5 * 1024 * 1024;

export type MediaError = 'too_many_files' | 'file_too_large' | 'unsupported_file';

export interface PickResult {
  accepted: File[];
  errors: MediaError[];
}

/**
 * Which of the files just picked can join the `kept` ones (already attached or already on the
 * offer): of an accepted type, ten in all at most, each within ten megabytes once downscaled
 * (a 14 MB photo that shrinks to 1 MB goes through; a 12 MB video does not).
 */
export async function preparePicked(
  kept: number,
  picked: File[],
  shrink: (file: File) => Promise<File> = downscale,
): Promise<PickResult> {
  const errors = new Set<MediaError>();
  const accepted: File[] = [];
  for (const file of picked) {
    if (!ACCEPTED.has(file.type)) {
      errors.add('unsupported_file');
      continue;
    }
    if (kept + accepted.length >= MAX_FILES_PER_PRODUCT) {
      errors.add('too_many_files');
      continue;
    }
    const ready = await shrink(file);
    if (ready.size > MAX_FILE_BYTES) {
      errors.add('file_too_large');
      continue;
    }
    accepted.push(ready);
  }
  return { accepted, errors: [...errors] };
}

/**
 * A JPEG, PNG or WebP photo larger than 2048 px or 1.5 MB, redrawn at most 2048 px on its longest
 * side as a JPEG (EXIF and GPS do not survive a canvas). GIFs (maybe animated), videos, and
 * anything the browser cannot decode are returned unchanged, as is a result that is not smaller.
 */
export async function downscale(file: File): Promise<File> {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) return file;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const longest = Math.max(bitmap.width, bitmap.height);
  if (longest <= MAX_UPLOAD_SIDE && file.size <= DOWNSCALE_FROM_BYTES) {
    bitmap.close();
    return file;
  }
  const scale = Math.min(1, MAX_UPLOAD_SIDE / longest);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.88),
  );
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
}
