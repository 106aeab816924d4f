import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { signIn } from '../../features/products/products.test-helpers';
import { searchColumnsOf } from '../../features/search/search-index';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { searchPhraseNames } from './046-search-phrase-names';

// Migration 046 (issue 30): a tutoring offer indexed before, with the house words of "at home"
// among its related words, is indexed again and no longer found by a search for a house.

describeEachEngine('migration 046-search-phrase-names', (ctx) => {
  it('re-indexes products written before; a house search no longer finds lessons at home', async () => {
    const { db, dialect } = ctx().app;
    await seedCatalogIfEmpty(db);
    const sub = await db
      .selectFrom('psubcategories')
      .select('id')
      .where('name', '=', 'lessons_tutoring')
      .executeTakeFirstOrThrow();
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    const texts = { name: 'Cours particuliers de maths à domicile', name_fr: null, name_ar: null };
    const fresh = await searchColumnsOf(db, texts, sub.id);
    // As the index of main wrote it: the stem of cours was cour, at home held منزل and بيت.
    const stale = {
      ...fresh,
      search_stems: fresh.search_stems!.replace('cours', 'cour'),
      search_related: `${fresh.search_related} منزل بيت`,
    };
    const old = await createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: sub.id,
      ...texts,
      ...stale,
    });
    const found = async (name: string) =>
      (await seller.client.post('/products/all/0/search', { name }))
        .json()
        .products.data.map((p: { id: number }) => p.id);
    expect(await found('منزل')).toEqual([old.id]);
    expect(await found('cour')).toEqual([old.id]);
    await db.transaction().execute((trx) => searchPhraseNames(dialect).up(trx));
    const row = await db
      .selectFrom('products')
      .select(['search_stems', 'search_related'])
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ search_stems: fresh.search_stems, search_related: fresh.search_related });
    expect(await found('منزل')).toEqual([]);
    expect(await found('cour')).toEqual([]);
    // Still found as what it is.
    expect(await found('دروس')).toEqual([old.id]);
  });
});
