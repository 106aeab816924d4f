import fs from 'node:fs/promises';
import path from 'node:path';

// Removes stored media by name once the rows naming them are gone (deleting a shop or a user).
// Stopgap: server/media (the storage and image pipeline, written on the products branch) was
// not on main when this was written, so its layout is unknown here; this removes every file under
// `${dataDir}/media/` and its direct subfolders whose name is the stored name, or the stored name
// followed by '.', '-' or '_' (sizes and extensions). Replace with server/media's delete once it
// lands. Stored names are random ids: anything else (short, or with path characters) is skipped.

const STEM = /^[A-Za-z0-9_-]{8,}$/;

export async function removeMediaFiles(
  dataDir: string,
  names: readonly string[],
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const stems = [...new Set(names.map((n) => n.split('.')[0]))].filter((s) => STEM.test(s));
  if (!stems.length) return;
  const root = path.join(dataDir, 'media');
  const matches = (file: string) =>
    stems.some(
      (s) =>
        file === s ||
        file.startsWith(`${s}.`) ||
        file.startsWith(`${s}-`) ||
        file.startsWith(`${s}_`),
    );
  let dirs: string[];
  try {
    const entries = await fs.readdir(root, { withFileTypes: true });
    dirs = [root, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name))];
  } catch {
    return; // no media folder yet: nothing stored
  }
  for (const dir of dirs) {
    try {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        if (entry.isFile() && matches(entry.name)) await fs.rm(path.join(dir, entry.name));
      }
    } catch (error) {
      // The rows are already gone: a file left behind is an orphan, not a broken page.
      onError(error);
    }
  }
}
