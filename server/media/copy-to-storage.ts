import fs from 'node:fs';
import path from 'node:path';
import { FILE_NAME, type MediaStorage } from './storage';

// `npm run cli -- media:copy-to-s3` (issue 18 item 4): the media of a local folder into another
// store (the bucket). Files already there with the same size are skipped, so a copy that stopped
// half way is simply run again. The local folder is left as it is: remove it once the server
// runs on the bucket.

export async function copyMediaFolder(
  dir: string,
  target: MediaStorage,
  onFile: (file: string, copied: boolean) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  const names = fs.existsSync(dir) ? await fs.promises.readdir(dir) : [];
  for (const file of names.sort()) {
    // Only our own file names (random id, variant, extension): nothing else is media.
    if (!FILE_NAME.test(file)) continue;
    const data = await fs.promises.readFile(path.join(dir, file));
    const there = await target.stat(file);
    if (there && there.size === data.length) {
      skipped += 1;
      onFile(file, false);
      continue;
    }
    if (there) await target.remove(file);
    await target.write(file, data);
    copied += 1;
    onFile(file, true);
  }
  return { copied, skipped };
}
