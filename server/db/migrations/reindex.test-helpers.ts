import type { TestContext } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { searchColumnsOf } from '../../features/search/search-index';
import { signIn } from '../../features/products/products.test-helpers';

/**
 * For a migration that indexes products again: a seller of the seeded catalogue's subcategory
 * `sub` and an offer's name; `fresh` is what the index holds for it now, `post(columns)` writes
 * such an offer with other columns (as an older index wrote them), `found(words)` is the ids a
 * search for the words answers.
 */
export async function offerIndexedAs(ctx: TestContext, sub: string, name: string) {
  const { db } = ctx.app;
  await seedCatalogIfEmpty(db);
  const { id } = await db
    .selectFrom('psubcategories')
    .select('id')
    .where('name', '=', sub)
    .executeTakeFirstOrThrow();
  const seller = await signIn(ctx);
  const shop = await personalShopOf(db, seller.user.id);
  const texts = { name, name_fr: null, name_ar: null };
  const fresh = await searchColumnsOf(db, texts, id);
  const post = (columns: typeof fresh) =>
    createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: id,
      ...texts,
      ...columns,
    });
  const found = async (words: string): Promise<number[]> =>
    (await seller.client.post('/products/all/0/search', { name: words }))
      .json()
      .products.data.map((p: { id: number }) => p.id);
  return { fresh, post, found };
}
