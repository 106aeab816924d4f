import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { signIn } from '../../features/products/products.test-helpers';
import { pruneEndedBumps } from '../../features/search/search-bumps.repository';
import { seedCatalogIfEmpty } from '../catalog-seed';
import { searchBumpsListed } from './039-search-bumps-listed';

// Migration 039: SQLite's text index of bumped offers (products_bumped_fts) holds only those
// whose listing has not ended. Up fills it so; its triggers follow bumps, words, deletions and
// the writes that list an offer again (renewal, a sale undone); the prune (search-bumps
// repository) takes out those that ended; down gives back 038's index of every bumped offer.
// PostgreSQL: nothing.

const DAY = 86_400_000;

describeEachEngine('migration 039-search-bumps-listed', (ctx) => {
  it('indexes the bumped offers that have not ended, pruned and renewed, and down', async () => {
    const { db, dialect } = ctx().app;
    const found = async (words: string) =>
      (
        await sql<{ id: number }>`select rowid as id from products_bumped_fts
          where products_bumped_fts match ${words} order by rowid`.execute(db)
      ).rows.map((r) => Number(r.id));
    const migration = searchBumpsListed(dialect);
    await seedCatalogIfEmpty(db);
    const sub = await db.selectFrom('psubcategories').select('id').executeTakeFirstOrThrow();
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const make = (values: { bumped_at: string | null; expires_at?: string; sold_at?: string }) =>
      createProduct(db, {
        shop_id: shop,
        user_id: seller.user.id,
        psubcategory_id: sub.id,
        ...values,
      }).then((p) => p.id);
    const live = await make({ bumped_at: ago(1) });
    const expired = await make({ bumped_at: ago(20), expires_at: ago(2) });
    const soldLong = await make({ bumped_at: ago(20), sold_at: ago(8) });
    const soldNow = await make({ bumped_at: ago(20), sold_at: ago(1) });
    const plain = await make({ bumped_at: null });

    await db.transaction().execute((trx) => migration.down!(trx));
    if (dialect !== 'sqlite') {
      await db.transaction().execute((trx) => migration.up(trx));
      expect(await pruneEndedBumps(db, dialect)).toBe(0);
      return;
    }
    // 038's index: every bumped offer.
    expect(await found('hilux')).toEqual([live, expired, soldLong, soldNow]);
    await db.transaction().execute((trx) => migration.up(trx));
    expect(await found('hilux')).toEqual([live, soldNow]);

    // Renewed: back. Ended since: there until the prune takes it out (once).
    const renewed = new Date(Date.now() + 60 * DAY).toISOString();
    await db
      .updateTable('products')
      .set({ expires_at: renewed })
      .where('id', '=', expired)
      .execute();
    expect(await found('hilux')).toEqual([live, expired, soldNow]);
    await db
      .updateTable('products')
      .set({ expires_at: ago(1) })
      .where('id', '=', live)
      .execute();
    expect(await found('hilux')).toEqual([live, expired, soldNow]);
    expect(await pruneEndedBumps(db, dialect)).toBe(1);
    expect(await pruneEndedBumps(db, dialect)).toBe(0);
    expect(await found('hilux')).toEqual([expired, soldNow]);
    // Ended within the last hour: kept (a search that read the time before may list it).
    await db
      .updateTable('products')
      .set({ expires_at: ago(0.01) })
      .where('id', '=', soldNow)
      .execute();
    expect(await pruneEndedBumps(db, dialect)).toBe(0);

    // Bumped: in. New words: found by them only. Unbumped or deleted: out.
    await db
      .updateTable('products')
      .set({ bumped_at: ago(0) })
      .where('id', '=', plain)
      .execute();
    await db
      .updateTable('products')
      .set({ search_text: 'toyota land cruiser', search_stems: 'toyota land cruiser' })
      .where('id', '=', soldNow)
      .execute();
    expect(await found('hilux')).toEqual([expired, plain]);
    expect(await found('cruiser')).toEqual([soldNow]);
    await db.updateTable('products').set({ bumped_at: null }).where('id', '=', plain).execute();
    await db.deleteFrom('products').where('id', '=', expired).execute();
    expect(await found('toyota')).toEqual([soldNow]);
    await sql`insert into products_bumped_fts(products_bumped_fts, rank)
      values ('integrity-check', 0)`.execute(db);

    // Down: 038's index of every bumped offer again.
    await db.transaction().execute((trx) => migration.down!(trx));
    expect(await found('toyota')).toEqual([live, soldLong, soldNow]);
    await db.transaction().execute((trx) => migration.up(trx));
    expect(await found('toyota')).toEqual([soldNow]);
  });
});
