import crypto from 'node:crypto';
import { MAX_FILE_BYTES } from '../../shared/constants';
import { HttpError, invalid } from '../errors';
import { detectFile } from './detect';
import { processUpload, type ImageDimensions, type ProcessedFile } from './pipeline';
import type { MediaStorage } from './storage';
import { VideoSupport } from './video';
import { mediaQueue, uploadOwnerOf, type FairQueue } from './work-queue';

// The media service other features use: check and convert uploads, write them, and take them
// back if the database write that follows fails, so that no request leaves an orphan file.

/** A stored upload as the API shows it (SPEC §3's product file: type, name, extension). */
export interface StoredFile {
  /**
   * The random id; the stored files are `{name}.{extension}` and, for images, `{name}-small.webp`
   * (for videos, `{name}-poster.webp` and `{name}-poster-small.webp`).
   */
  name: string;
  type: 'image' | 'video';
  extension: 'webp' | 'mp4' | 'webm';
  url: string;
  /** The small variant of an image; a video's own url. */
  small_url: string;
  /** A video's poster image (`{name}-poster.webp`), original and small; null for an image. */
  poster_url: string | null;
  poster_small_url: string | null;
  /** Pixel sizes of the image (a video's poster), original and small (migration 017). */
  dimensions: ImageDimensions;
}

/** An upload checked and converted, not yet written. */
export interface PreparedFile extends StoredFile {
  processed: ProcessedFile;
}

const MEDIA_ID = /^[a-f0-9]{32}$/;
const VARIANTS = ['.webp', '-small.webp', '.mp4', '.webm', '-poster.webp', '-poster-small.webp'];

export function mediaUrls(
  name: string,
  type: 'image' | 'video',
  extension: string,
): { url: string; small_url: string; poster_url: string | null; poster_small_url: string | null } {
  const url = `/media/${name}.${extension}`;
  const video = type === 'video';
  return {
    url,
    small_url: video ? url : `/media/${name}-small.webp`,
    poster_url: video ? `/media/${name}-poster.webp` : null,
    poster_small_url: video ? `/media/${name}-poster-small.webp` : null,
  };
}

/**
 * The url of an image column (shop logo, user photo) that holds a media id; anything else
 * (null, an older absolute url) is passed through unchanged.
 */
export function imageUrl(stored: string | null, size: 'small' | 'original' = 'small') {
  if (!stored || !MEDIA_ID.test(stored)) return stored;
  return size === 'small' ? `/media/${stored}-small.webp` : `/media/${stored}.webp`;
}

export interface MediaOptions {
  /** Logs a file that could not be removed. */
  onError?: (error: unknown) => void;
  /** The bounded, fair queue every image and video conversion goes through. */
  queue?: FairQueue;
  /** ffmpeg and ffprobe, checked once. */
  video?: VideoSupport;
}

export class Media {
  readonly queue: FairQueue;
  readonly video: VideoSupport;
  private readonly onError: (error: unknown) => void;

  constructor(
    readonly storage: MediaStorage,
    options: MediaOptions = {},
  ) {
    this.onError = options.onError ?? (() => {});
    this.queue = options.queue ?? mediaQueue();
    this.video = options.video ?? new VideoSupport();
  }

  /**
   * Checks and converts every upload before anything is written; 422 under `field` if refused.
   * `imagesOnly`: a video is refused from its first bytes, before any ffmpeg work.
   */
  async prepare(
    buffers: Buffer[],
    field = 'files',
    { imagesOnly = false } = {},
  ): Promise<PreparedFile[]> {
    const prepared: PreparedFile[] = [];
    // One at a time: a 50-megapixel decode is memory enough for one request.
    for (const buffer of buffers) {
      if (buffer.length > MAX_FILE_BYTES) throw new HttpError(413, { global: ['too_large'] });
      if (buffer.length === 0) throw invalid(field, 'file_type_not_allowed');
      if (imagesOnly && detectFile(buffer)?.kind !== 'image') {
        throw invalid(field, 'file_type_not_allowed');
      }
      // Each conversion waits its turn in the bounded queue (503 when it is full), taken in turn
      // with other uploaders' (work-queue.ts).
      const processed = await this.queue.run(
        () =>
          processUpload(buffer, field, {
            videos: () => this.video.available(),
            tools: this.video.tools,
          }),
        uploadOwnerOf(buffer),
      );
      const name = crypto.randomBytes(16).toString('hex');
      prepared.push({
        name,
        type: processed.type,
        extension: processed.extension,
        ...mediaUrls(name, processed.type, processed.extension),
        dimensions: processed.dimensions,
        processed,
      });
    }
    return prepared;
  }

  /**
   * Writes the files, then runs `write` (the database transaction that records them). If either
   * fails, every file written here is removed again and the error goes on.
   */
  async commit<T>(
    prepared: PreparedFile[],
    write: (files: StoredFile[]) => Promise<T>,
  ): Promise<T> {
    const written: string[] = [];
    try {
      for (const file of prepared) {
        written.push(file.name);
        await this.storage.write(`${file.name}.${file.extension}`, file.processed.original);
        if (file.processed.small)
          await this.storage.write(`${file.name}-small.webp`, file.processed.small);
        if (file.processed.poster) {
          await this.storage.write(`${file.name}-poster.webp`, file.processed.poster.original);
          await this.storage.write(`${file.name}-poster-small.webp`, file.processed.poster.small);
        }
      }
      return await write(prepared.map(({ processed: _, ...stored }) => stored));
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  /** Checks, converts and writes uploads that need no database row of their own. */
  async saveFiles(buffers: Buffer[], field = 'files'): Promise<StoredFile[]> {
    return this.commit(await this.prepare(buffers, field), async (files) => files);
  }

  /** One image (user photo or cover, shop logo or cover): videos are refused. */
  async saveImage(buffer: Buffer, field = 'image'): Promise<StoredFile> {
    const [prepared] = await this.prepare([buffer], field, { imagesOnly: true });
    const [stored] = await this.commit([prepared], async (files) => files);
    return stored;
  }

  /**
   * Removes every variant of the given media ids. Call it after the transaction that dropped
   * their rows has committed. Never throws: a file that cannot be removed is logged.
   */
  async removeFiles(names: Iterable<string>): Promise<void> {
    for (const name of new Set(names)) {
      if (!MEDIA_ID.test(name)) continue;
      for (const variant of VARIANTS) {
        try {
          await this.storage.remove(name + variant);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}

/** An image column as the API answers it: the name, the original's url and the small one's. */
export function imageFields<K extends string>(
  key: K,
  name: string | null,
): Record<K | `${K}_url` | `${K}_small_url`, string | null> {
  return {
    [key]: name,
    [`${key}_url`]: imageUrl(name, 'original'),
    [`${key}_small_url`]: imageUrl(name, 'small'),
  } as Record<K | `${K}_url` | `${K}_small_url`, string | null>;
}
