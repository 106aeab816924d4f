import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { offerIndexedAs } from './reindex.test-helpers';
import { searchFamilies } from './029-search-families';

// Migration 029 (issue 30 item 2): products indexed before get the stems and related words of
// the new rules, and the search then reads them so.

describeEachEngine('migration 029-search-families', (ctx) => {
  it('re-indexes products written before; the search then reads the new columns', async () => {
    const { db } = ctx().app;
    const { fresh, post, found } = await offerIndexedAs(ctx(), 'bedding_linen', 'Draps en coton');
    // As the index of main wrote it: the category's "Maison", the subcategory's "maison".
    const old = await post({ ...fresh, search_related: `${fresh.search_related} maison منزل` });
    const current = await post(fresh);
    expect(await found('maison')).toEqual([old.id]);
    await db.transaction().execute((trx) => searchFamilies.up(trx));
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
    expect(await found('maison')).toEqual([]);
  });
});
