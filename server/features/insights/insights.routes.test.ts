import { expect, it } from 'vitest';
import { INSIGHTS_DAYS_DEFAULT, PRODUCT_EVENTS_LIMIT } from '../../../shared/constants';
import { insertEmployee } from '../shops/shops.repository';
import { describeEachEngine, type TestContext } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { lastDays, purgeViewMarks } from './insights.service';
import { BROWSER } from './insights.test-support';
import { utcDay } from './visitors';

// Issue 19 item 6: POST /products/{id}/events and GET /shops/{id}/insights (docs/insights.md).

const ua = { headers: { 'user-agent': BROWSER } };

async function shopWithOffers(ctx: TestContext) {
  const { db } = ctx.app;
  const owner = await ctx.userClient();
  const shopId = await personalShopOf(db, owner.user.id);
  const sub = await createSubcategory(db);
  const first = await createProduct(db, { shop_id: shopId, psubcategory_id: sub.id, name: 'Vélo' });
  const second = await createProduct(db, {
    shop_id: shopId,
    psubcategory_id: sub.id,
    name: 'Moto',
    name_ar: 'دراجة نارية',
    name_fr: 'Moto',
  });
  return { owner, shopId, first, second };
}

const post = (client: ReturnType<TestContext['client']>, id: number, kind: string, headers = ua) =>
  client.post(`/products/${id}/events`, { kind }, headers);

describeEachEngine('shop insights', (ctx) => {
  it('counts each kind once per visitor and day (issue 29 item 9), and no robots or staff', async () => {
    const { owner, shopId, first, second } = await shopWithOffers(ctx());
    const visitor = ctx().client();
    for (let i = 0; i < 3; i++)
      expect((await post(visitor, first.id, 'view')).statusCode).toBe(204);
    await post(visitor, second.id, 'view');
    await post(ctx().client(), first.id, 'view');
    await post(visitor, first.id, 'whatsapp');
    await post(visitor, first.id, 'whatsapp');
    await post(visitor, first.id, 'call');
    await post(visitor, first.id, 'share');
    await visitor.get(`/products/${first.id}/phone`, ua);
    // A signed-in visitor counts; the shop's own staff (any role) and robots do not.
    const signedIn = await ctx().userClient();
    expect((await post(signedIn.client, first.id, 'view')).statusCode).toBe(204);
    const employee = await ctx().userClient();
    await insertEmployee(ctx().app.db, shopId, employee.user.id, 'employee');
    expect((await post(employee.client, first.id, 'view')).statusCode).toBe(204);
    expect((await post(owner.client, first.id, 'whatsapp')).statusCode).toBe(204);
    const bot = { headers: { 'user-agent': 'facebookexternalhit/1.1' } };
    expect((await post(ctx().client(), first.id, 'view', bot)).statusCode).toBe(204);
    expect(
      (await post(ctx().client(), first.id, 'call', { headers: { 'user-agent': '' } })).statusCode,
    ).toBe(204);
    // Saves come from the saves themselves.
    await signedIn.client.get(`/products/favorite/add/${second.id}`);

    const res = await owner.client.get(`/shops/${shopId}/insights`);
    expect(res.statusCode).toBe(200);
    const { days, offers } = res.json().insights;
    expect(days).toHaveLength(INSIGHTS_DAYS_DEFAULT);
    expect(days[days.length - 1]).toEqual({
      date: utcDay(),
      views: 4,
      phone: 1,
      call: 1,
      // The visitor's second WhatsApp tap of the day does not count (issue 29 item 9).
      whatsapp: 1,
      share: 1,
      save: 1,
      bump: 0,
    });
    expect(days[0]).toMatchObject({ views: 0, save: 0 });
    expect(offers).toEqual([
      {
        id: first.id,
        name: 'Vélo',
        name_ar: 'تويوتا هيلوكس 2015',
        name_fr: 'Toyota Hilux 2015',
        type: 'offer',
        views: 3,
        phone: 1,
        call: 1,
        whatsapp: 1,
        share: 1,
        save: 0,
        bump: 0,
      },
      {
        id: second.id,
        name: 'Moto',
        name_ar: 'دراجة نارية',
        name_fr: 'Moto',
        type: 'offer',
        views: 1,
        phone: 0,
        call: 0,
        whatsapp: 0,
        share: 0,
        save: 1,
        bump: 0,
      },
    ]);
    // Nothing stored names the visitor: only keyed hashes of the day, two per counted event (the
    // visitor's and its address's), none for what did not count.
    const marks = await ctx().app.db.selectFrom('product_view_marks').selectAll().execute();
    expect(marks).toHaveLength(16);
    for (const m of marks) {
      expect(m.day).toBe(utcDay());
      expect(m.mark).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(m.mark).not.toContain(visitor.cookies.get('sid'));
    }
  });

  it('takes ?days= within bounds, and sums the period only', async () => {
    const { owner, shopId, first } = await shopWithOffers(ctx());
    const { db } = ctx().app;
    const dates = lastDays(10);
    await db
      .insertInto('product_daily_stats')
      .values(
        [
          { day: dates[0], view_count: 5, whatsapp_count: 1 },
          { day: dates[9], view_count: 2, whatsapp_count: 0 },
          { day: '2001-01-01', view_count: 100, whatsapp_count: 0 },
        ].map((row) => ({ ...row, product_id: first.id })),
      )
      .execute();
    const week = (await owner.client.get(`/shops/${shopId}/insights?days=7`)).json().insights;
    expect(week.days.map((d: { date: string }) => d.date)).toEqual(dates.slice(3));
    expect(week.offers[0]).toMatchObject({ id: first.id, views: 2, whatsapp: 0 });
    const ten = (await owner.client.get(`/shops/${shopId}/insights?days=10`)).json().insights;
    expect(ten.days[0]).toMatchObject({ date: dates[0], views: 5, whatsapp: 1 });
    expect(ten.offers[0]).toMatchObject({ views: 7, whatsapp: 1 });
    for (const bad of ['0', '91', 'abc', '1.5']) {
      const res = await owner.client.get(`/shops/${shopId}/insights?days=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toEqual({ errors: { days: ['bad_input'] } });
    }
  });

  it('refuses bad kinds (422), unknown offers (404), and events without the XSRF token (419)', async () => {
    const { first } = await shopWithOffers(ctx());
    const visitor = ctx().client();
    for (const body of [{ kind: 'save' }, { kind: 'phone' }, {}, { kind: ['view'] }]) {
      const res = await visitor.post(`/products/${first.id}/events`, body, ua);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['kind']);
    }
    const unknown = await post(visitor, 999999, 'view');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { global: ['not_found'] } });
    const forged = await visitor.post(
      `/products/${first.id}/events`,
      { kind: 'view' },
      { xsrf: false, headers: { 'user-agent': BROWSER } },
    );
    expect(forged.statusCode).toBe(419);
    const stats = await ctx()
      .app.db.selectFrom('product_daily_stats')
      .selectAll()
      .where('product_id', '=', first.id)
      .execute();
    expect(stats).toEqual([]);
  });

  it("answers others' shops 403, unknown shops 404, anonymous 401", async () => {
    const { shopId } = await shopWithOffers(ctx());
    const stranger = await ctx().userClient();
    const forbidden = await stranger.client.get(`/shops/${shopId}/insights`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ errors: { global: ['forbidden'] } });
    const admin = await ctx().userClient('admin');
    expect((await admin.client.get(`/shops/${shopId}/insights`)).statusCode).toBe(403);
    expect((await stranger.client.get('/shops/999999/insights')).statusCode).toBe(404);
    expect((await ctx().client().get(`/shops/${shopId}/insights`)).statusCode).toBe(401);
    const employee = await ctx().userClient();
    await insertEmployee(ctx().app.db, shopId, employee.user.id, 'employee');
    expect((await employee.client.get(`/shops/${shopId}/insights`)).statusCode).toBe(200);
  });

  it('limits events per address: 429 with the errors object, nothing counted', async () => {
    const { first } = await shopWithOffers(ctx());
    const visitor = ctx().client();
    const now = Math.floor(Date.now() / 1000);
    const start =
      Math.floor(now / PRODUCT_EVENTS_LIMIT.windowSeconds) * PRODUCT_EVENTS_LIMIT.windowSeconds;
    await ctx()
      .app.db.insertInto('rate_limits')
      .values({
        scope: 'product_events',
        key: visitor.address,
        window_start: start,
        window_end: start + PRODUCT_EVENTS_LIMIT.windowSeconds,
        count: PRODUCT_EVENTS_LIMIT.limit,
      })
      .execute();
    const refused = await post(visitor, first.id, 'call');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
    const stats = await ctx()
      .app.db.selectFrom('product_daily_stats')
      .selectAll()
      .where('product_id', '=', first.id)
      .execute();
    expect(stats).toEqual([]);
    expect((await post(ctx().client(), first.id, 'call')).statusCode).toBe(204);
  });

  it("forgets yesterday's view marks and salt", async () => {
    const { db } = ctx().app;
    await db
      .insertInto('product_view_marks')
      .values([
        { day: '2001-01-01', mark: 'old' },
        { day: utcDay(), mark: 'today' },
      ])
      .execute();
    await db.insertInto('settings').values({ key: 'view_salt:2001-01-01', value: 'x' }).execute();
    await purgeViewMarks(db);
    const marks = await db.selectFrom('product_view_marks').select('mark').execute();
    expect(marks.map((m) => m.mark)).not.toContain('old');
    expect(marks.map((m) => m.mark)).toContain('today');
    const salts = await db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'view_salt:%')
      .execute();
    expect(salts.map((s) => s.key).every((k) => k >= `view_salt:${utcDay()}`)).toBe(true);
  });
});
