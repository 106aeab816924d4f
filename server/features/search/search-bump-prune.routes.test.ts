import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { liveUntil } from '../../test/fixtures';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import { listed } from './search-conditions';
import { pruneEndedBumps } from './search-bumps.repository';
import { buildWorld, postNewerHiluxes, searchCalls, type World } from './search.test-helpers';
import { eachSearchWay } from './search-tunings.test-helpers';

// Issue 30 (migration 039, docs/search.md "Only the bumps a walk can reach"): the text index of
// bumped offers (SQLite) keeps only the offers whose listing has not ended. The housekeeping's
// prune takes out one that expired or was sold a week ago; a renewal puts it back. Every page of
// "newest" stays in the order of each offer's last bump (or creation), on both engines and every
// way of reading, before the prune, after it and after the renewal.

const DAY = 86_400_000;

describeEachEngine('search: the bumps of ended offers leave their index (issue 30)', (ctx) => {
  let w: World;
  const { found } = searchCalls(ctx, () => w);
  beforeAll(async () => {
    w = await buildWorld(ctx());
  }, 60_000);

  /** The listed offers (of the cars, or all), newest first by their last bump or creation. */
  async function newestFirst(cars: boolean): Promise<string[]> {
    const { rows } = await sql<{ id: number; created_at: string; bumped_at: string | null }>`
      select id, created_at, bumped_at from products
      where type = 'offer' and ${listed()} ${cars ? sql`and psubcategory_id = ${w.cars}` : sql``}
    `.execute(ctx().app.db);
    const time = (r: (typeof rows)[number]) => r.bumped_at ?? r.created_at;
    rows.sort((a, b) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : b.id - a.id));
    const byId = new Map(Object.entries(w.p).map(([label, id]) => [id, label]));
    return rows.map((r) => byId.get(Number(r.id)) ?? `#${r.id}`);
  }

  /** Every page of 99 of a search, in turn. */
  async function allPages(body: Record<string, unknown>): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const got = await found({ ...body, page, page_size: 99 });
      out.push(...got);
      if (got.length < 99) return out;
    }
  }

  /** On every way of reading: the whole list, the cars' and a few words' pages in order. */
  async function inOrder(words: string[]) {
    const [all, cars] = [await newestFirst(false), await newestFirst(true)];
    await eachSearchWay(async (way) => {
      expect.soft(await allPages({}), `${way}: everything`).toEqual(all);
      expect.soft(await allPages({ psubcategory_id: w.cars }), `${way}: cars`).toEqual(cars);
      expect.soft(await found({ name: 'toyota', page_size: 5 }), `${way}: toyota`).toEqual(
        // (The world's own Toyotas are older than the 1,001 Hilux and the bumps: those lead.)
        cars.filter((l) => l.startsWith('#')).slice(0, 5),
      );
      expect.soft(await found({ name: 'relisted' }), `${way}: relisted`).toEqual(words);
    });
  }

  it('takes an ended offer out of the bumps index; renewed, it is back in its place', async () => {
    const db = ctx().app.db;
    const sqlite = ctx().app.dialect === 'sqlite';
    // Three offers posted ten days ago, bumped (the live one last), then one posted now, then
    // 1,001 newer matches: the three are first only through their bumps.
    const posted = new Date(Date.now() - 10 * DAY).toISOString();
    const ids: Record<string, number> = {};
    for (const [i, label] of ['live', 'sold', 'expired', 'fresh'].entries()) {
      const at = label === 'fresh' ? new Date().toISOString() : posted;
      const { id } = await db
        .insertInto('products')
        .values({
          type: 'offer',
          shop_id: w.sellerShop,
          user_id: w.seller.user.id,
          psubcategory_id: w.cars,
          name: `Toyota Hilux relisted ${label}`,
          price: 1_500_000,
          offer_type: 'sale',
          number: 1,
          contact_methods: '["call"]',
          ...searchColumns([`Toyota Hilux relisted ${label}`], ['cars'], []),
          created_at: at,
          updated_at: at,
          expires_at: liveUntil(at),
          bumped_at: label === 'fresh' ? null : new Date(Date.now() + (9 - i) * 1000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[label] = Number(id);
    }
    await postNewerHiluxes(db, w, 1001);
    const inBumpedText = async () =>
      (
        await sql<{ id: number }>`select rowid as id from products_bumped_fts
          where products_bumped_fts match 'relisted' order by rowid`.execute(db)
      ).rows.map((r) => Number(r.id));
    const all = [ids.live, ids.sold, ids.expired];
    if (sqlite) expect(await inBumpedText()).toEqual(all);
    // Ended: expired two days ago, sold eight days ago (past SOLD_LISTED_DAYS).
    await db
      .updateTable('products')
      .set({ expires_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where('id', '=', ids.expired)
      .execute();
    await db
      .updateTable('products')
      .set({ sold: 1, sold_at: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('id', '=', ids.sold)
      .execute();
    if (sqlite) expect(await inBumpedText()).toEqual(all);
    await inOrder([`#${ids.live}`, `#${ids.fresh}`]);

    expect(await pruneEndedBumps(db, ctx().app.dialect)).toBe(sqlite ? 2 : 0);
    if (sqlite) expect(await inBumpedText()).toEqual([ids.live]);
    expect(await pruneEndedBumps(db, ctx().app.dialect)).toBe(0);
    await inOrder([`#${ids.live}`, `#${ids.fresh}`]);

    // Renewed (its owner's request): listed again with its bump, back in the index, before the
    // offers created since then.
    const res = await w.seller.client.post(`/products/${ids.expired}/renew`, {});
    expect(res.statusCode, res.body).toBe(200);
    if (sqlite) expect(await inBumpedText()).toEqual([ids.live, ids.expired]);
    await inOrder([`#${ids.live}`, `#${ids.expired}`, `#${ids.fresh}`]);
  });
});
