import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { signIn } from '../../features/products/products.test-helpers';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { searchBumpedText } from './038-search-bumped-text';

// Migration 038: SQLite's text index of bumped offers (products_bumped_fts), read by the search's
// bump merge (search-bumps.repository.ts). Up indexes the offers bumped before it; its triggers
// follow bumps, new words and deletions; down drops it. PostgreSQL: nothing.

describeEachEngine('migration 038-search-bumped-text', (ctx) => {
  it('indexes the bumped offers only, written before or after, and drops it down', async () => {
    const { db, dialect } = ctx().app;
    const tables = async () =>
      dialect === 'sqlite'
        ? (
            await sql<{ name: string }>`select name from sqlite_master
              where name like 'products_bumped_fts%' and type in ('table', 'trigger')
              order by name`.execute(db)
          ).rows.map((r) => r.name)
        : [];
    const found = async (words: string) =>
      (
        await sql<{ id: number }>`select rowid as id from products_bumped_fts
          where products_bumped_fts match ${words} order by rowid`.execute(db)
      ).rows.map((r) => Number(r.id));
    await seedCatalogIfEmpty(db);
    const sub = await db.selectFrom('psubcategories').select('id').executeTakeFirstOrThrow();
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    const at = new Date().toISOString();
    const make = (bumped_at: string | null) =>
      createProduct(db, {
        shop_id: shop,
        user_id: seller.user.id,
        psubcategory_id: sub.id,
        bumped_at,
      });
    const [before, plain] = [await make(at), await make(null)];

    await db.transaction().execute((trx) => searchBumpedText(dialect).down!(trx));
    expect(await tables()).toEqual([]);
    await db.transaction().execute((trx) => searchBumpedText(dialect).up(trx));
    if (dialect !== 'sqlite') {
      expect(await tables()).toEqual([]);
      return;
    }
    expect(await tables()).toContain('products_bumped_fts');
    expect(await found('hilux')).toEqual([before.id]);

    // Bumped after: in. Its words changed: found by the new ones only. Deleted: out.
    const after = await make(at);
    await db.updateTable('products').set({ bumped_at: at }).where('id', '=', plain.id).execute();
    expect(await found('hilux')).toEqual([before.id, plain.id, after.id]);
    await db
      .updateTable('products')
      .set({ search_text: 'toyota land cruiser', search_stems: 'toyota land cruiser' })
      .where('id', '=', plain.id)
      .execute();
    expect(await found('hilux')).toEqual([before.id, after.id]);
    expect(await found('cruiser')).toEqual([plain.id]);
    // Bumped again (words unchanged): still found once.
    await db
      .updateTable('products')
      .set({ bumped_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', before.id)
      .execute();
    expect(await found('toyota')).toEqual([before.id, plain.id, after.id]);
    await db.deleteFrom('products').where('id', '=', after.id).execute();
    await db.updateTable('products').set({ bumped_at: null }).where('id', '=', before.id).execute();
    expect(await found('toyota')).toEqual([plain.id]);

    await db.transaction().execute((trx) => searchBumpedText(dialect).down!(trx));
    expect(await tables()).toEqual([]);
    await db.transaction().execute((trx) => searchBumpedText(dialect).up(trx));
    expect(await found('toyota')).toEqual([plain.id]);
  });
});
