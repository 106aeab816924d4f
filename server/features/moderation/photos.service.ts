import type { DB, Executor } from '../../db/types';
import { photoHash } from '../../media/photo-hash';
import type { MediaStorage } from '../../media/storage';
import { isSamePhoto, isTellingPhotoHash } from '../../../shared/domain/trust';
import { flagItem } from './reports.service';
import * as photos from './photos.repository';

// The same photo posted by different accounts (issue 19 item 4; docs/trust.md): each new image
// of an offer keeps its perceptual hash; one that matches an image of another shop's offer, by
// another account, puts the new offer in the moderation queue flagged `duplicate_photo`. It stays
// visible: a reused photo is a signal for a moderator (stolen photos, a scam re-posted under a new
// account), not proof. Blank or evenly shaded pictures say nothing and are never compared.

/** Stores the hashes of a product's new files and flags the product if a photo is another's. */
export async function checkPhotos(
  trx: Executor,
  product: { id: number; shop_id: number; user_id: number | null },
  authorId: number,
  hashes: Map<string, string>,
): Promise<boolean> {
  if (!hashes.size) return false;
  await photos.setPhotoHashes(trx, product.id, hashes);
  for (const hash of hashes.values()) {
    if (!isTellingPhotoHash(hash)) continue;
    const candidates = await photos.photoCandidates(trx, hash, {
      shopId: product.shop_id,
      userId: product.user_id ?? authorId,
      productId: product.id,
    });
    if (candidates.some((c) => c.phash !== null && isSamePhoto(c.phash, hash))) {
      await flagItem(trx, { type: 'product', id: product.id, authorId }, 'duplicate_photo');
      return true;
    }
  }
  return false;
}

async function readStored(storage: MediaStorage, file: string): Promise<Buffer | null> {
  if (!(await storage.stat(file))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `npm run cli -- media:hash-photos`: hashes the offer images stored before hashes were kept,
 * from their small WebP. It only records them (later uploads are compared with them); old
 * duplicates are not flagged, so that the queue is not flooded at once.
 */
export async function hashStoredPhotos(
  db: DB,
  storage: MediaStorage,
): Promise<{ hashed: number; missing: number }> {
  let hashed = 0;
  let missing = 0;
  let after = 0;
  for (;;) {
    const rows = await photos.imagesWithoutHash(db, after, 200);
    if (!rows.length) break;
    for (const row of rows) {
      after = row.id;
      const small = await readStored(storage, `${row.name}-small.webp`);
      if (!small) {
        missing += 1;
        continue;
      }
      const hash = await photoHash(small);
      await db
        .transaction()
        .execute((trx) => photos.setPhotoHashes(trx, row.product_id, new Map([[row.name, hash]])));
      hashed += 1;
    }
  }
  return { hashed, missing };
}
