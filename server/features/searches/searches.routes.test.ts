import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { addEmployee, signIn } from '../products/products.test-helpers';
import { ageAccounts, personalShopOf } from '../../test/fixtures';
import type { TestClient } from '../../test/client';
import { SAVED_SEARCHES_MAX_PER_USER } from '../../../shared/constants';

// DESIGN §4's saved searches and their alerts (issue 18 item 2, docs/searches.md).

describeEachEngine('saved searches: POST, GET, DELETE /searches', (ctx) => {
  let sub: number;
  let otherSub: number;
  beforeAll(async () => {
    sub = (await createSubcategory(ctx().app.db)).id;
    otherSub = (await createSubcategory(ctx().app.db, { name: 'phones' })).id;
  });

  const save = (client: TestClient, name: string, query: Record<string, unknown>) =>
    client.post('/searches', { name, query });

  async function post(client: TestClient, body: Record<string, unknown>, type = 'offer') {
    const res = await client.post(`/products/create/${type}`, { psubcategory_id: sub, ...body });
    expect(res.statusCode, res.body).toBe(201);
    await ctx().app.searchAlerts.idle();
    return res.json().product.id as number;
  }

  async function matches(client: TestClient) {
    const res = await client.post('/notifications/paginate', { type: 'all', page: 1 });
    expect(res.statusCode).toBe(200);
    return (res.json().notifications.data as { type: string; data: Record<string, unknown> }[])
      .filter((n) => n.type === 'search_match')
      .map((n) => n.data);
  }

  const listed = async (client: TestClient) => (await client.get('/searches')).json().searches;

  describe('the owner’s list', () => {
    it('saves a search (201), lists it newest first, and deletes it (204)', async () => {
      const { client } = await signIn(ctx());
      const res = await save(client, '  Toyota  ', {
        name: 'toyota',
        psubcategory_id: String(sub),
        max_price: '900000',
        page: 3,
        page_size: 5,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { search } = res.json();
      expect(search).toMatchObject({
        name: 'Toyota',
        // As the search reads it (numbers as numbers, type by default), without the page.
        query: { type: 'offer', name: 'toyota', psubcategory_id: sub, max_price: 900000 },
        new_count: 0,
      });
      expect(search.query).not.toHaveProperty('page');
      expect(search.query).not.toHaveProperty('page_size');
      const second = (await save(client, 'Phones', { psubcategory_id: otherSub })).json().search;
      expect((await listed(client)).map((s: { id: number }) => s.id)).toEqual([
        second.id,
        search.id,
      ]);
      const del = await client.delete(`/searches/${search.id}`);
      expect(del.statusCode).toBe(204);
      expect((await listed(client)).map((s: { id: number }) => s.id)).toEqual([second.id]);
      expect((await client.delete(`/searches/${search.id}`)).statusCode).toBe(404);
    });

    it('refuses bad input with 422 and the field, as the search itself does', async () => {
      const { client } = await signIn(ctx());
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', query: {} }, 'name'],
        [{ name: 'x'.repeat(81), query: {} }, 'name'],
        [{ name: 'a', query: { min_price: 10, max_price: 5 } }, 'query'],
        [{ name: 'a', query: { distance: 5 } }, 'query'],
        [{ name: 'a', query: { pfield_999999: 'x' } }, 'pfield_999999'],
      ];
      for (const [body, field] of cases) {
        const res = await client.post('/searches', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
      }
      expect((await client.post('/searches', { name: 'a' })).statusCode).toBe(422);
      expect(await listed(client)).toEqual([]);
    });

    it(`allows ${SAVED_SEARCHES_MAX_PER_USER} searches per user, then 422 with a message`, async () => {
      const { client, user } = await signIn(ctx());
      await ageAccounts(ctx().app.db, [user.id]);
      for (let i = 0; i < SAVED_SEARCHES_MAX_PER_USER; i += 1) {
        expect((await save(client, `s${i}`, { name: `w${i}` })).statusCode).toBe(201);
      }
      const over = await save(client, 'one more', { name: 'more' });
      expect(over.statusCode).toBe(422);
      expect(over.json().errors).toEqual({ global: ['too_many_saved_searches'] });
      expect(await listed(client)).toHaveLength(SAVED_SEARCHES_MAX_PER_USER);
      // Another user is not held by this one's searches.
      const other = await signIn(ctx());
      expect((await save(other.client, 'mine', {})).statusCode).toBe(201);
    });

    it('hides other users’ searches: 404 for their ids, never in one’s list', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      const { search } = (await save(a.client, 'A’s', { name: 'camion' })).json();
      expect(await listed(b.client)).toEqual([]);
      expect((await b.client.delete(`/searches/${search.id}`)).statusCode).toBe(404);
      expect((await b.client.post(`/searches/${search.id}/seen`)).statusCode).toBe(404);
      expect(await listed(a.client)).toHaveLength(1);
    });

    it('answers 401 to anonymous callers, and 419 without the XSRF header', async () => {
      const anonymous = ctx().client();
      expect((await anonymous.get('/searches')).statusCode).toBe(401);
      expect((await save(anonymous, 'x', {})).statusCode).toBe(401);
      expect((await anonymous.delete('/searches/1')).statusCode).toBe(401);
      const { client } = await signIn(ctx());
      const res = await client.request('POST', '/searches', {
        body: { name: 'x', query: {} },
        xsrf: false,
      });
      expect(res.statusCode).toBe(419);
    });
  });

  describe('alerts (search_match)', () => {
    it('tells the owner of a matching new offer, with the search and the offer', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      const { search } = (
        await save(a.client, 'Hilux', { name: 'toyota', psubcategory_id: sub })
      ).json();
      const id = await post(b.client, { name: 'Toyota Hilux 2015', price: 800000 });
      expect(await matches(a.client)).toEqual([
        expect.objectContaining({
          search_id: search.id,
          search_name: 'Hilux',
          product_id: id,
          product_name: 'Toyota Hilux 2015',
          type: 'offer',
          count: 1,
          user_id: b.user.id,
        }),
      ]);
      expect((await listed(a.client))[0].new_count).toBe(1);
      // The search itself finds it: the alert agrees with the search page.
      const found = await a.client.post('/products/all/0/search', {
        name: 'toyota',
        psubcategory_id: sub,
      });
      expect(found.json().products.data.map((p: { id: number }) => p.id)).toContain(id);
      // Opening the search starts the count again.
      const seen = await a.client.post(`/searches/${search.id}/seen`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().search.new_count).toBe(0);
    });

    it('matches through the language pipeline (Arabic spellings, the lexicon)', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      await save(a.client, 'سيارة', { name: 'سياره' });
      await save(a.client, 'voiture', { name: 'voiture' });
      await post(b.client, { name: 'سيارة تويوتا نظيفة' });
      const told = await matches(a.client);
      expect(told.map((d) => d.search_name).sort()).toEqual(['voiture', 'سيارة']);
    });

    it('does not tell of non-matching offers, of other types, nor of one’s own', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      const colleague = await signIn(ctx());
      await addEmployee(
        ctx().app.db,
        await personalShopOf(ctx().app.db, a.user.id),
        colleague.user.id,
        'employee',
      );
      await save(a.client, 'Mercedes', { name: 'mercedes', max_price: 500000 });
      await save(colleague.client, 'Mercedes', { name: 'mercedes' });
      await post(b.client, { name: 'Samsung fridge' });
      await post(b.client, { name: 'Mercedes 190', price: 900000 });
      await post(b.client, { name: 'Mercedes wanted' }, 'demand');
      await post(b.client, { name: 'Mercedes 190', psubcategory_id: otherSub, price: 900000 });
      expect(await matches(a.client)).toEqual([]);
      // A's own offer: neither A nor A's shop's staff hear of it.
      await post(a.client, { name: 'Mercedes C200', price: 400000 });
      expect(await matches(a.client)).toEqual([]);
      // The colleague's search (no price bound) heard of B's two Mercedes, not of A's.
      expect((await matches(colleague.client)).map((d) => d.product_name)).toEqual([
        'Mercedes 190',
      ]);
      expect((await listed(colleague.client))[0].new_count).toBe(2);
      expect((await listed(a.client))[0].new_count).toBe(0);
    });

    it('tells at most once an hour per search, then groups what matched meanwhile', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      const { search } = (await save(a.client, 'Prado', { name: 'prado' })).json();
      await post(b.client, { name: 'Prado 2010' });
      expect(await matches(a.client)).toHaveLength(1);
      await post(b.client, { name: 'Prado 2012' });
      const latest = await post(b.client, { name: 'Prado 2014' });
      // Within the hour: counted, not told.
      expect(await matches(a.client)).toHaveLength(1);
      expect((await listed(a.client))[0].new_count).toBe(3);
      // Not yet due: the flush sends nothing.
      expect(await ctx().app.searchAlerts.flushDue()).toBe(0);
      // An hour later the flush tells both at once.
      const db = ctx().app.db;
      const hourAgo = new Date(Date.now() - 61 * 60_000).toISOString();
      await db
        .updateTable('saved_searches')
        .set({ last_alert_at: hourAgo })
        .where('id', '=', search.id)
        .execute();
      expect(await ctx().app.searchAlerts.flushDue()).toBeGreaterThanOrEqual(1);
      const told = await matches(a.client);
      expect(told).toHaveLength(2);
      expect(told[0]).toMatchObject({ search_id: search.id, count: 2, product_id: latest });
      expect(await ctx().app.searchAlerts.flushDue()).toBe(0);
      // An hour after that, the next match is told at once, alone.
      await db
        .updateTable('saved_searches')
        .set({ last_alert_at: hourAgo })
        .where('id', '=', search.id)
        .execute();
      await post(b.client, { name: 'Prado 2016' });
      const again = await matches(a.client);
      expect(again).toHaveLength(3);
      expect(again[0]).toMatchObject({ count: 1, product_name: 'Prado 2016' });
    });

    it('does not slow the offer down: the request answers before the matching', async () => {
      const a = await signIn(ctx());
      const b = await signIn(ctx());
      await save(a.client, 'Land', { name: 'land' });
      const res = await b.client.post('/products/create/offer', {
        name: 'Land Cruiser',
        psubcategory_id: sub,
      });
      expect(res.statusCode).toBe(201);
      await ctx().app.searchAlerts.idle();
      expect(await matches(a.client)).toHaveLength(1);
    });
  });
});
