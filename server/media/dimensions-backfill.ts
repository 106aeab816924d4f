import type { DB } from '../db/types';
import { imageSize } from './pipeline';
import type { MediaStorage } from './storage';

// Migration 017 added the pixel sizes of product files; files stored before it (an older demo
// seed, earlier uploads) have none. At start, in the background, each process reads the headers of
// those files from the storage and fills the sizes in, a batch at a time. It is idempotent (only
// rows still null are touched) and safe with several processes (they write the same values). A
// file missing from the storage keeps null sizes: pages then fall back to the aspect-ratio box.

const BATCH = 50;

async function readAll(storage: MediaStorage, file: string): Promise<Buffer | null> {
  if (!(await storage.stat(file))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sizeOf(storage: MediaStorage, file: string) {
  const bytes = await readAll(storage, file);
  return bytes ? imageSize(bytes) : null;
}

/**
 * Fills the sizes of every product file that has none; answers how many rows it filled.
 * `stopped()` ends it between files (the server is closing).
 */
export async function backfillDimensions(
  db: DB,
  storage: MediaStorage,
  stopped: () => boolean = () => false,
): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('product_files')
      .select(['id', 'type', 'name', 'extension'])
      .where('width', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0 || stopped()) return filled;
    for (const row of rows) {
      if (stopped()) return filled;
      after = row.id;
      const video = row.type === 'video';
      const original = await sizeOf(
        storage,
        video ? `${row.name}-poster.webp` : `${row.name}.webp`,
      );
      const small = await sizeOf(
        storage,
        video ? `${row.name}-poster-small.webp` : `${row.name}-small.webp`,
      );
      if (!original || !small) continue;
      await db
        .updateTable('product_files')
        .set({
          width: original.width,
          height: original.height,
          small_width: small.width,
          small_height: small.height,
        })
        .where('id', '=', row.id)
        .where('width', 'is', null)
        .execute();
      filled += 1;
    }
  }
}
