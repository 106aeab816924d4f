import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { signIn } from '../../features/products/products.test-helpers';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { filterWords } from '../../features/search/search-filter-words';

// Migration 047: SQLite's text index holds each product's subcategory, shop, offer type and flags
// as words of its column search_filters; its triggers keep them in step with the row, and the
// vocabulary's triggers (split from the index's) still count the product's terms. PostgreSQL:
// nothing.

describeEachEngine('migration 047-search-filters-in-text', (ctx) => {
  it("keeps a product's filters in the text index as its row changes", async () => {
    const { db, dialect } = ctx().app;
    if (dialect !== 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from information_schema.columns
        where table_name = 'products' and column_name = 'search_filters'`.execute(db);
      expect(Number(rows[0].n)).toBe(0);
      return;
    }
    const found = async (query: string) =>
      (
        await sql<{ id: number }>`select rowid as id from products_fts
          where products_fts match ${query} order by rowid`.execute(db)
      ).rows.map((r) => Number(r.id));
    const filter = (word: string) => `search_filters : "${word}"`;
    const counted = async (term: string) =>
      Number(
        (
          await db
            .selectFrom('search_terms')
            .select('count')
            .where('term', '=', term)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    await seedCatalogIfEmpty(db);
    const [sub, other] = await db.selectFrom('psubcategories').select('id').limit(2).execute();
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    const product = await createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: sub.id,
      offer_type: 'monthly_rent',
      negotiable: 'yes',
      used: 'no',
      delivery: 'yes',
      search_text: 'villa tevragh zeina',
      search_stems: 'villa tevragh zeina',
    });
    const plain = await createProduct(db, {
      shop_id: shop,
      user_id: seller.user.id,
      psubcategory_id: other.id,
    });

    // Written after the migration: its filters are words of their own column only.
    for (const word of [
      filterWords.subcategory(sub.id),
      filterWords.shop(shop),
      filterWords.offerType('monthly_rent'),
      filterWords.flag('negotiable', 'yes'),
      filterWords.flag('used', 'no'),
      filterWords.flag('delivery', 'yes'),
    ]) {
      expect(await found(`villa AND ${filter(word)}`)).toEqual([product.id]);
    }
    expect(await found(`villa AND ${filter(filterWords.flag('used', 'yes'))}`)).toEqual([]);
    expect(await found(`villa AND ${filter(filterWords.offerType('sale'))}`)).toEqual([]);
    expect(await found(`search_text : "${filterWords.subcategory(sub.id)}"`)).toEqual([]);
    expect(await found(filter(filterWords.shop(shop)))).toEqual([product.id, plain.id]);

    // A flag changed alone, then the subcategory alone: the old words leave the index, the new
    // ones enter.
    await db.updateTable('products').set({ used: 'yes' }).where('id', '=', product.id).execute();
    expect(await found(`villa AND ${filter(filterWords.flag('used', 'yes'))}`)).toEqual([
      product.id,
    ]);
    expect(await found(`villa AND ${filter(filterWords.flag('used', 'no'))}`)).toEqual([]);
    await db
      .updateTable('products')
      .set({ psubcategory_id: other.id })
      .where('id', '=', product.id)
      .execute();
    expect(await found(filter(filterWords.subcategory(other.id)))).toEqual([product.id, plain.id]);
    expect(await found(filter(filterWords.subcategory(sub.id)))).toEqual([]);

    // Its words changed: the index and the vocabulary follow.
    expect(await counted('tevragh')).toBe(1);
    await db
      .updateTable('products')
      .set({ search_text: 'villa ksar', search_stems: 'villa ksar' })
      .where('id', '=', product.id)
      .execute();
    expect(await found('tevragh')).toEqual([]);
    expect(await found(`ksar AND ${filter(filterWords.subcategory(other.id))}`)).toEqual([
      product.id,
    ]);
    expect([await counted('tevragh'), await counted('ksar')]).toEqual([0, 1]);

    // Deleted: out of both.
    await db.deleteFrom('products').where('id', '=', product.id).execute();
    expect(await found('villa')).toEqual([]);
    expect(await counted('ksar')).toBe(0);
    await sql`insert into products_fts(products_fts, rank) values ('integrity-check', 1)`.execute(
      db,
    );
  });
});
