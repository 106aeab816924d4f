import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import {
  insertCategory,
  insertSubcategory,
  roleClients,
  uniqueName,
  type RoleClients,
} from '../catalog/catalog.test-support';
import { searchColumnsOf } from './search-index';

// A product's category and subcategory names are in its search index (docs/search.md, "Language
// pipeline"): when an admin renames them, the new names find it and the old ones no longer do.

describeEachEngine('search after a catalogue rename', (ctx) => {
  let c: RoleClients;
  beforeAll(async () => {
    c = await roleClients(ctx());
  });

  const ids = async (name: string) => {
    const res = await ctx().client().post('/products/all/0/search', { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().products.data.map((p: { id: number }) => p.id);
  };

  it('re-indexes the offers of a renamed subcategory and of a renamed category', async () => {
    const db = ctx().app.db;
    const cat = await insertCategory(ctx(), uniqueName('zorblatcat'));
    const sub = await insertSubcategory(ctx(), cat.id, uniqueName('zorblatsub'));
    const other = await insertSubcategory(ctx(), cat.id, uniqueName('plimsub'));
    const { user } = await ctx().userClient();
    const shop = await personalShopOf(db, user.id);
    const texts = { name: 'Objet rare', name_fr: 'Objet rare', name_ar: null };
    const product = await createProduct(db, {
      shop_id: shop,
      user_id: user.id,
      psubcategory_id: sub.id,
      ...texts,
      ...(await searchColumnsOf(db, texts, sub.id)),
    });
    const neighbour = await createProduct(db, {
      shop_id: shop,
      user_id: user.id,
      psubcategory_id: other.id,
      ...texts,
      ...(await searchColumnsOf(db, texts, other.id)),
    });
    expect(await ids('quixotron')).toEqual([]);

    // The subcategory's French name: its offers are found by it, the other subcategory's not.
    let res = await c.admin.put(`/psubcategories/${sub.id}`, {
      name: sub.name,
      name_fr: 'Quixotrons',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('quixotron')).toEqual([product.id]);

    // Renamed again: the old name no longer finds it.
    res = await c.admin.put(`/psubcategories/${sub.id}`, { name: sub.name, name_fr: 'Vrombal' });
    expect(res.statusCode).toBe(200);
    expect(await ids('quixotron')).toEqual([]);
    expect(await ids('vrombal')).toEqual([product.id]);

    // The category's Arabic name: the offers of all its subcategories.
    res = await c.admin.put(`/pcategories/${cat.id}`, {
      name: cat.name,
      name_ar: 'قزبر',
      order_number: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ids('قزبر')).sort()).toEqual([product.id, neighbour.id].sort());

    // A refused rename (a plain user) changes nothing.
    res = await c.user.put(`/psubcategories/${sub.id}`, { name: sub.name, name_fr: 'Autre' });
    expect(res.statusCode).toBe(403);
    expect(await ids('vrombal')).toEqual([product.id]);
  });
});
