import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

// Where media bytes live. The local folder is the only implementation today; an S3-compatible
// store can replace it behind the same four calls (DESIGN §10: several processes, one bucket).

export interface MediaStorage {
  /** Writes a new file; never overwrites one. */
  write(file: string, data: Buffer): Promise<void>;
  /** Size of a stored file, or null when there is none. */
  stat(file: string): Promise<{ size: number } | null>;
  /** The file's bytes, whole or an inclusive byte range (for video seeking). */
  read(file: string, range?: { start: number; end: number }): Readable;
  /** Removes a file; a missing file is not an error. */
  remove(file: string): Promise<void>;
}

/** A stored file name: a random id, an optional variant (small, poster), and an extension. */
export const FILE_NAME = /^[a-f0-9]{32}(-small|-poster|-poster-small)?\.(webp|mp4|webm)$/;

function checked(file: string): string {
  // Names come from the URL: only our own shape passes, so no `..`, no slash, no surprise.
  if (!FILE_NAME.test(file)) throw new Error(`not a media file name: ${file}`);
  return file;
}

export class LocalMediaStorage implements MediaStorage {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private pathOf(file: string): string {
    return path.join(this.dir, checked(file));
  }

  async write(file: string, data: Buffer): Promise<void> {
    await fs.promises.writeFile(this.pathOf(file), data, { flag: 'wx' });
  }

  async stat(file: string): Promise<{ size: number } | null> {
    if (!FILE_NAME.test(file)) return null;
    try {
      const s = await fs.promises.stat(this.pathOf(file));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  read(file: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.pathOf(file), range);
  }

  async remove(file: string): Promise<void> {
    await fs.promises.rm(this.pathOf(file), { force: true });
  }
}
