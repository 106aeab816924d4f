import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { signIn } from '../../features/products/products.test-helpers';
import { searchColumnsOf } from '../../features/search/search-index';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { searchFamilies } from './029-search-families';

// Migration 029 (issue 30 item 2): products indexed before get the stems and related words of
// the new rules, and the search then reads them so.

describeEachEngine('migration 029-search-families', (ctx) => {
  it('re-indexes products written before; the search then reads the new columns', async () => {
    const { db, dialect } = ctx().app;
    await seedCatalogIfEmpty(db);
    const sub = await db
      .selectFrom('psubcategories')
      .select('id')
      .where('name', '=', 'bedding_linen')
      .executeTakeFirstOrThrow();
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    const texts = { name: 'Draps en coton', name_fr: null, name_ar: null };
    const fresh = await searchColumnsOf(db, texts, sub.id);
    // As the index of main wrote it: the category's "Maison", the subcategory's "maison".
    const stale = { ...fresh, search_related: `${fresh.search_related} maison منزل` };
    const old = await createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: sub.id,
      ...texts,
      ...stale,
    });
    const current = await createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: sub.id,
      ...texts,
      ...fresh,
    });
    const found = async () =>
      (await seller.client.post('/products/all/0/search', { name: 'maison' }))
        .json()
        .products.data.map((p: { id: number }) => p.id);
    expect(await found()).toEqual([old.id]);
    await db.transaction().execute((trx) => searchFamilies(dialect).up(trx));
    const rows = await db
      .selectFrom('products')
      .select(['id', 'search_stems', 'search_related'])
      .where('id', 'in', [old.id, current.id])
      .execute();
    for (const r of rows) {
      expect(r).toMatchObject({
        search_stems: fresh.search_stems,
        search_related: fresh.search_related,
      });
    }
    expect(await found()).toEqual([]);
  });
});
