import type { Executor } from '../../db/types';
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
