import type { Executor } from '../../db/types';
import { photoHashBands } from '../../../shared/domain/trust';

// Perceptual hashes of product images (issue 19 item 4): stored with each file and cut into
// bands (migration 018) to find near copies through an index. Kysely only here.

/** Records the hashes of a product's new files (by media name), with their bands. */
export async function setPhotoHashes(
  db: Executor,
  productId: number,
  hashes: Map<string, string>,
): Promise<void> {
  for (const [name, hash] of hashes) {
    const file = await db
      .updateTable('product_files')
      .set({ phash: hash })
      .where('product_id', '=', productId)
      .where('name', '=', name)
      .returning('id')
      .executeTakeFirst();
    if (!file) continue;
    await db
      .insertInto('photo_hash_bands')
      .values(photoHashBands(hash).map((value, band) => ({ file_id: file.id, band, value })))
      .execute();
  }
}

/**
 * Images of other shops' offers, by other accounts, that share a band with this hash: the
 * candidates that may be the same photo (the caller compares the whole hashes).
 */
export function photoCandidates(
  db: Executor,
  hash: string,
  not: { shopId: number; userId: number; productId: number },
) {
  const bands = photoHashBands(hash);
  return db
    .selectFrom('photo_hash_bands')
    .innerJoin('product_files', 'product_files.id', 'photo_hash_bands.file_id')
    .innerJoin('products', 'products.id', 'product_files.product_id')
    .where((eb) =>
      eb.or(
        bands.map((value, band) =>
          eb.and([
            eb('photo_hash_bands.band', '=', band),
            eb('photo_hash_bands.value', '=', value),
          ]),
        ),
      ),
    )
    .where('products.id', '!=', not.productId)
    .where('products.shop_id', '!=', not.shopId)
    .where((eb) =>
      eb.or([eb('products.user_id', 'is', null), eb('products.user_id', '!=', not.userId)]),
    )
    .select(['product_files.phash', 'products.id as product_id'])
    .distinct()
    .limit(500)
    .execute();
}

/** Product images stored without a hash (uploaded before migration 018), by id, after `afterId`. */
export function imagesWithoutHash(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('product_files')
    .select(['id', 'product_id', 'name'])
    .where('type', '=', 'image')
    .where('phash', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
