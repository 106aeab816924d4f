import fs from 'node:fs/promises';
import path from 'node:path';

// Removes stored media by name once the rows naming them are gone (deleting a shop or a user).
// Stopgap: server/media (storage and image pipeline, on the products branch) was not on main when
// this was written. This follows the layout that branch documents — `DATA_DIR/media/{id}.webp`,
// `{id}-small.webp`, `{id}.mp4`, `{id}.webm`, ids of 32 hex digits — and should give way to
// `app.media.removeFiles(names)` once it lands. Anything that is not such an id is skipped, so no
// path can be built from a stored value.

const MEDIA_ID = /^[a-f0-9]{32}$/;
const VARIANTS = ['.webp', '-small.webp', '.mp4', '.webm'];

/** Call after the transaction that dropped the rows has committed. Never throws. */
export async function removeMediaFiles(
  dataDir: string,
  names: Iterable<string>,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const dir = path.join(dataDir, 'media');
  for (const name of new Set(names)) {
    if (!MEDIA_ID.test(name)) continue;
    for (const variant of VARIANTS) {
      try {
        await fs.rm(path.join(dir, name + variant), { force: true });
      } catch (error) {
        // The rows are already gone: a file left behind is an orphan, not a broken page.
        onError(error);
      }
    }
  }
}
