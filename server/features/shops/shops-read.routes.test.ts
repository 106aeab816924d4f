import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { now } from '../../db/connect';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory } from '../../test/fixtures';
import { proShop, SHOP_KEYS } from './shops.test-helpers';

describeEachEngine('shops: show and list', (ctx) => {
  it('shows a shop with its staff and the counts of its offers and demands', async () => {
    const { owner, shop } = await proShop(ctx());
    const sub = await createSubcategory(ctx().app.db);
    for (const type of ['offer', 'offer', 'demand'] as const) {
      await createProduct(ctx().app.db, {
        shop_id: shop.id,
        psubcategory_id: sub.id,
        user_id: owner.user.id,
        type,
        offer_type: type === 'offer' ? 'sale' : 'buy',
      });
    }
    const res = await ctx()
      .client()
      .get(`/shops/shop/${shop.id}`, {
        headers: { accept: 'application/json' },
      });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['shop']);
    expect(Object.keys(body.shop).sort()).toEqual(SHOP_KEYS);
    expect(body.shop).toMatchObject({ id: shop.id, offers_count: 2, demands_count: 1 });
    expect(body.shop.employees).toHaveLength(1);
    expect(Object.keys(body.shop.employees[0]).sort()).toEqual(
      ['first_name', 'id', 'last_name', 'photo', 'photo_small_url', 'photo_url', 'pivot'].sort(),
    );
  });

  it('answers a browser with the page, the shop name in its title, user text escaped', async () => {
    const { shop } = await proShop(ctx(), {
      name: '<script>alert(1)</script>',
      description: '"><img src=x onerror=alert(2)>',
    });
    const res = await ctx()
      .client()
      .get(`/shops/shop/${shop.id}`, {
        headers: { accept: 'text/html' },
        xsrf: false,
      });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; · Souq</title>');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    const plain = await proShop(ctx(), { name: 'Boutique Nour' });
    const page = await ctx()
      .client()
      .get(`/shops/shop/${plain.shop.id}`, {
        headers: { accept: 'text/html' },
        xsrf: false,
      });
    expect(page.body).toContain('<title>Boutique Nour · Souq</title>');
  });

  it('lists shops by pages: professional shops first, then the newest', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('shops').execute();
    const { client } = await ctx().userClient();
    await db.deleteFrom('shops').execute();
    const made: { id: number; pro: boolean }[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) {
      const pro = i % 4 === 0;
      const res = await client.post('/shops/create', { name: `Shop ${i}`, is_professional: pro });
      made.push({ id: res.json().shop.id, pro });
    }
    const expected = [
      ...made.filter((s) => s.pro).reverse(),
      ...made.filter((s) => !s.pro).reverse(),
    ].map((s) => s.id);
    const first = await ctx().client().get('/shops/paginate/all/0?page=1');
    expect(first.statusCode).toBe(200);
    const { shops } = first.json();
    expect(Object.keys(shops).sort()).toEqual(
      ['current_page', 'data', 'last_page', 'per_page', 'to', 'total'].sort(),
    );
    expect(shops).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: LIST_PAGE_SIZE,
      total: LIST_PAGE_SIZE + 3,
      to: LIST_PAGE_SIZE,
    });
    expect(Object.keys(shops.data[0]).sort()).toEqual(SHOP_KEYS.filter((k) => k !== 'employees'));
    const second = (await ctx().client().get('/shops/paginate/all/0?page=2')).json().shops;
    expect(second).toMatchObject({ current_page: 2, to: LIST_PAGE_SIZE + 3 });
    expect([...shops.data, ...second.data].map((s: { id: number }) => s.id)).toEqual(expected);
    const noPage = (await ctx().client().get('/shops/paginate/all/0')).json().shops;
    expect(noPage.current_page).toBe(1);
    const bad = await ctx().client().get('/shops/paginate/all/0?page=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['bad_input'] });
  });

  it('lists shops with a live offer first, empty or ended ones after (issue 35 item 11)', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('shops').execute();
    const sub = await createSubcategory(db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const shopAt = async (name: string, minutes: number, pro = false) => {
      const at = new Date(base + minutes * 60_000).toISOString();
      const row = await db
        .insertInto('shops')
        .values({ name, is_professional: pro ? 1 : 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const product = (shop_id: number, values: Partial<Parameters<typeof createProduct>[1]> = {}) =>
      createProduct(db, { shop_id, psubcategory_id: sub.id, ...values });
    // Oldest first: the shops with a live offer are the oldest, the empty ones the newest.
    const liveOld = await shopAt('live, old', 1);
    await product(liveOld);
    const liveNew = await shopAt('live, newer', 2);
    await product(liveNew);
    const ended = await shopAt('only an ended offer', 3);
    await product(ended, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    const hidden = await shopAt('only a hidden offer', 4);
    await product(hidden, { moderation_status: 'hidden' });
    const demandOnly = await shopAt('only a demand', 5);
    await product(demandOnly, { type: 'demand', offer_type: 'buy' });
    const emptyPro = await shopAt('empty professional', 6, true);
    const empty = await shopAt('empty, newest', 7);

    const res = await ctx().client().get('/shops/paginate/all/0?page=1');
    expect(res.statusCode).toBe(200);
    const ids = res.json().shops.data.map((s: { id: number }) => s.id);
    expect(ids).toEqual([liveNew, liveOld, emptyPro, empty, demandOnly, hidden, ended]);
    expect(res.json().shops.total).toBe(7);

    // The moment its offer ends, a shop moves down (checked when reading, DESIGN §12).
    await db
      .updateTable('products')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('shop_id', '=', liveNew)
      .execute();
    const after = (await ctx().client().get('/shops/paginate/all/0?page=1')).json().shops.data;
    expect(after.map((s: { id: number }) => s.id).slice(0, 2)).toEqual([liveOld, emptyPro]);
  });

  it('pages through ties in created_at by id, with no shop twice or missing', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('shops').execute();
    const sub = await createSubcategory(db);
    const at = now();
    const ids: { id: number; pro: boolean }[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE * 2 + 5; i++) {
      const pro = i % 3 === 0;
      const row = await db
        .insertInto('shops')
        .values({ name: `Tie ${i}`, is_professional: pro ? 1 : 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push({ id: row.id, pro });
      if (i % 5 === 0) {
        await createProduct(db, { shop_id: row.id, psubcategory_id: sub.id });
        await createProduct(db, {
          shop_id: row.id,
          psubcategory_id: sub.id,
          type: 'demand',
          offer_type: 'buy',
        });
      }
    }
    // Shops with a live offer (every fifth) first, then the empty ones; professional first in each.
    const withOffer = (s: { id: number }) => ids.indexOf(s as (typeof ids)[number]) % 5 === 0;
    const byId = (list: typeof ids) => list.map((s) => s.id).sort((a, b) => b - a);
    const expected = [
      ...byId(ids.filter((s) => withOffer(s) && s.pro)),
      ...byId(ids.filter((s) => withOffer(s) && !s.pro)),
      ...byId(ids.filter((s) => !withOffer(s) && s.pro)),
      ...byId(ids.filter((s) => !withOffer(s) && !s.pro)),
    ];
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await ctx().client().get(`/shops/paginate/all/0?page=${page}`)).json().shops;
      for (const shop of res.data) {
        const withProducts = ids.findIndex((s) => s.id === shop.id) % 5 === 0;
        expect(shop).toMatchObject({
          offers_count: withProducts ? 1 : 0,
          demands_count: withProducts ? 1 : 0,
        });
        seen.push(shop.id);
      }
    }
    expect(seen).toEqual(expected);
    const beyond = (await ctx().client().get('/shops/paginate/all/0?page=4')).json().shops;
    expect(beyond).toMatchObject({ current_page: 4, data: [], to: null, total: expected.length });
  });

  it('has the index of migration 002 that keeps deep pages of the list fast', async () => {
    const db = ctx().app.db;
    const columns =
      ctx().engine === 'postgres'
        ? (
            await sql<{ indexdef: string }>`
              select indexdef from pg_indexes where tablename = 'shops' and indexname = 'shops_list'
            `.execute(db)
          ).rows.map((r) => r.indexdef.replace(/^.*\((.*)\)$/, '$1'))
        : [
            (
              await sql<{ name: string }>`select name from pragma_index_info('shops_list')`.execute(
                db,
              )
            ).rows
              .map((r) => r.name)
              .join(', '),
          ];
    expect(columns).toEqual(['is_professional, created_at, id']);
  });

  it('has the index of migration 032 that answers "a live offer of this shop?" in one seek', async () => {
    const db = ctx().app.db;
    const columns =
      ctx().engine === 'postgres'
        ? (
            await sql<{ indexdef: string }>`
              select indexdef from pg_indexes
              where tablename = 'products' and indexname = 'products_shop_live'
            `.execute(db)
          ).rows.map((r) => r.indexdef.replace(/^.*\((.*)\)$/, '$1'))
        : [
            (
              await sql<{
                name: string;
              }>`select name from pragma_index_info('products_shop_live')`.execute(db)
            ).rows
              .map((r) => r.name)
              .join(', '),
          ];
    expect(columns).toEqual(['shop_id, type, expires_at']);
  });
});
