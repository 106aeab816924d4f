import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { addEmployee, signIn } from './products.test-helpers';
import { notificationsOf } from './lifecycle.test-helpers';

// Issue 32 items 1-3 (DESIGN §4): renew, bump and sold, who may, and what they change.

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachEngine('products: renew, bump, sold', (ctx) => {
  let subId: number;
  let shopId: number;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let manager: Awaited<ReturnType<typeof signIn>>;
  let employee: Awaited<ReturnType<typeof signIn>>;
  let stranger: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db)).id;
    owner = await signIn(ctx());
    shopId = await personalShopOf(db, owner.user.id);
    [manager, employee, stranger] = [await signIn(ctx()), await signIn(ctx()), await signIn(ctx())];
    await addEmployee(db, shopId, manager.user.id, 'admin');
    await addEmployee(db, shopId, employee.user.id, 'employee');
  });

  /** An offer of the owner's shop, posted `ageDays` ago, ending in `leftDays`. */
  const offer = (leftDays: number, ageDays = 30, values: Record<string, unknown> = {}) =>
    createProduct(ctx().app.db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: owner.user.id,
      created_at: iso(Date.now() - ageDays * DAY),
      expires_at: iso(Date.now() + leftDays * DAY),
      ...values,
    });

  it('answers 401 to the anonymous, 403 to others, 404 and 422-free for bad ids', async () => {
    const { id } = await offer(1);
    const anonymous = ctx().client();
    for (const [method, path] of [
      ['POST', 'renew'],
      ['POST', 'bump'],
      ['POST', 'sold'],
      ['DELETE', 'sold'],
    ] as const) {
      expect((await anonymous.request(method, `/products/${id}/${path}`)).statusCode).toBe(401);
      const refused = await stranger.client.request(method, `/products/${id}/${path}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { global: ['forbidden'] } });
      expect((await owner.client.request(method, `/products/999999/${path}`)).statusCode).toBe(404);
      for (const bad of ['abc', '0', '-1', '1e3', '99999999999999']) {
        const res = await owner.client.request(method, `/products/${bad}/${path}`);
        expect(res.statusCode, `${method} ${bad}/${path}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    // Without the XSRF header a write is refused before anything changes.
    const noXsrf = await owner.client.request('POST', `/products/${id}/renew`, { xsrf: false });
    expect(noXsrf.statusCode).toBe(419);
  });

  it('lets a manager act on any offer of the shop, an employee only on their own posts', async () => {
    const others = await offer(1);
    expect((await employee.client.post(`/products/${others.id}/renew`)).statusCode).toBe(403);
    expect((await employee.client.post(`/products/${others.id}/sold`)).statusCode).toBe(403);
    expect((await manager.client.post(`/products/${others.id}/renew`)).statusCode).toBe(200);
    const own = await offer(1, 30, { user_id: employee.user.id });
    expect((await employee.client.post(`/products/${own.id}/renew`)).statusCode).toBe(200);
    expect((await employee.client.post(`/products/${own.id}/sold`)).statusCode).toBe(200);
  });

  it('renews once per period: a period added to the end, refused until it nears again', async () => {
    const far = await offer(20);
    const early = await owner.client.post(`/products/${far.id}/renew`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ errors: { global: ['renew_too_soon'] } });

    const near = await offer(2);
    const res = await owner.client.post(`/products/${near.id}/renew`);
    expect(res.statusCode).toBe(200);
    const days = ctx().config.listingDays;
    const expected = Date.parse(near.expires_at) + days * DAY;
    expect(Math.abs(Date.parse(res.json().product.expires_at) - expected)).toBeLessThan(5_000);
    expect((await owner.client.post(`/products/${near.id}/renew`)).statusCode).toBe(422);

    // Expired: renewed from now.
    const ended = await offer(-5);
    const back = await owner.client.post(`/products/${ended.id}/renew`);
    expect(Date.parse(back.json().product.expires_at)).toBeGreaterThan(Date.now());
  });

  it('bumps once every 7 days (429 bump_too_soon with Retry-After), renewing, counted in insights', async () => {
    const fresh = await offer(30, 2);
    const soon = await owner.client.post(`/products/${fresh.id}/bump`);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ errors: { global: ['bump_too_soon'] } });
    const wait = Number(soon.headers['retry-after']);
    expect(Math.abs(wait - 5 * 86_400)).toBeLessThan(10);

    const old = await offer(1, 10);
    const bumped = await owner.client.post(`/products/${old.id}/bump`);
    expect(bumped.statusCode).toBe(200);
    const product = bumped.json().product;
    expect(Date.now() - Date.parse(product.bumped_at)).toBeLessThan(5_000);
    expect(Date.parse(product.expires_at)).toBeGreaterThan(Date.parse(old.expires_at));
    const again = await owner.client.post(`/products/${old.id}/bump`);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(7 * 86_400 - 10);

    const insights = await owner.client.get(`/shops/${shopId}/insights?days=7`);
    const days = insights.json().insights.days as { bump: number }[];
    expect(days[days.length - 1].bump).toBe(1);
    const row = insights.json().insights.offers.find((o: { id: number }) => o.id === old.id);
    expect(row.bump).toBe(1);
  });

  it('refuses to bump or mark sold an expired offer (422 product_expired): renewal comes first', async () => {
    const db = ctx().app.db;
    const ended = await offer(-2, 70);
    const before = await db
      .selectFrom('products')
      .select(['expires_at', 'bumped_at', 'sold_at', 'sold'])
      .where('id', '=', ended.id)
      .executeTakeFirstOrThrow();
    for (const path of ['bump', 'sold']) {
      const res = await owner.client.post(`/products/${ended.id}/${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toEqual({ errors: { global: ['product_expired'] } });
    }
    // Nothing changed: still ended, not bumped nor sold, no bump counted.
    const after = await db
      .selectFrom('products')
      .select(['expires_at', 'bumped_at', 'sold_at', 'sold'])
      .where('id', '=', ended.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const stats = await db
      .selectFrom('product_daily_stats')
      .select('bump_count')
      .where('product_id', '=', ended.id)
      .executeTakeFirst();
    expect(stats?.bump_count ?? 0).toBe(0);
    // Still someone else's: 403 before the state is told.
    expect((await stranger.client.post(`/products/${ended.id}/sold`)).statusCode).toBe(403);

    // Renewed, it may be bumped (its last bump or publication is old enough) and marked sold.
    expect((await owner.client.post(`/products/${ended.id}/renew`)).statusCode).toBe(200);
    expect((await owner.client.post(`/products/${ended.id}/bump`)).statusCode).toBe(200);
    expect((await owner.client.post(`/products/${ended.id}/sold`)).statusCode).toBe(200);
  });

  it('marks any offer sold, tells those who saved it once, undoes within 7 days', async () => {
    const db = ctx().app.db;
    const { id } = await offer(30);
    await stranger.client.get(`/products/favorite/add/${id}`);
    const sold = await owner.client.post(`/products/${id}/sold`);
    expect(sold.statusCode).toBe(200);
    expect(sold.json().product).toMatchObject({ sold: true });
    expect(Date.now() - Date.parse(sold.json().product.sold_at)).toBeLessThan(5_000);
    expect((await owner.client.post(`/products/${id}/sold`)).json()).toEqual({
      errors: { global: ['product_already_sold'] },
    });
    // No renewal nor bump of a sold offer.
    expect((await owner.client.post(`/products/${id}/bump`)).json()).toEqual({
      errors: { global: ['product_sold'] },
    });

    const undone = await owner.client.delete(`/products/${id}/sold`);
    expect(undone.json().product).toMatchObject({ sold: false, sold_at: null });
    expect((await owner.client.delete(`/products/${id}/sold`)).json()).toEqual({
      errors: { global: ['not_sold'] },
    });
    // Sold again: still one notification for the saver (updated in place), none for the seller.
    await owner.client.post(`/products/${id}/sold`);
    expect(await notificationsOf(db, stranger.user.id, 'saved_sold')).toHaveLength(1);
    expect(await notificationsOf(db, owner.user.id, 'saved_sold')).toHaveLength(0);

    // More than 7 days after the sale: too late to undo.
    await db
      .updateTable('products')
      .set({ sold_at: iso(Date.now() - 8 * DAY) })
      .where('id', '=', id)
      .execute();
    expect((await owner.client.delete(`/products/${id}/sold`)).json()).toEqual({
      errors: { global: ['unsold_too_late'] },
    });
  });

  it('closes a sold offer to new comments and commands; an expired one to commands', async () => {
    const { id } = await offer(30);
    await owner.client.post(`/products/${id}/sold`);
    const comment = await stranger.client.post(`/comments/create/product/${id}`, {
      text: 'Still there?',
    });
    expect(comment.statusCode).toBe(422);
    expect(comment.json()).toEqual({ errors: { global: ['product_sold'] } });
    const command = await stranger.client.post(`/commands/create/product/${id}`, {
      text: 'I take it',
    });
    expect(command.json()).toEqual({ errors: { global: ['product_sold'] } });

    const ended = await offer(-1);
    const late = await stranger.client.post(`/commands/create/product/${ended.id}`, {
      text: 'I take it',
    });
    expect(late.json()).toEqual({ errors: { global: ['product_expired'] } });
  });

  it('ends the listing when a countable offer sells out, not when a service takes an order', async () => {
    const db = ctx().app.db;
    const service = (await createSubcategory(db, { name: 'plumbing', can_be_counted: 'no' })).id;
    const accept = async (productId: number) => {
      const made = await stranger.client.post(`/commands/create/product/${productId}`, {});
      expect(made.statusCode).toBe(201);
      const sold = await owner.client.get(`/commands/sold/${made.json().command.id}`);
      expect(sold.statusCode).toBe(200);
    };
    const plumbing = await offer(30, 10, { psubcategory_id: service });
    await accept(plumbing.id);
    const after = (await owner.client.get(`/products/product/${plumbing.id}`)).json().product;
    expect(after).toMatchObject({ sold: true, sold_at: null });
    // Still taking orders, and its owner may still bump it or end it by marking it sold.
    expect((await owner.client.post(`/products/${plumbing.id}/bump`)).statusCode).toBe(200);
    expect((await owner.client.post(`/products/${plumbing.id}/sold`)).statusCode).toBe(200);
    const undone = (await owner.client.delete(`/products/${plumbing.id}/sold`)).json().product;
    expect(undone).toMatchObject({ sold: true, sold_at: null }); // SPEC's flag stays

    const car = await offer(30, 10, { number: 1 });
    await accept(car.id);
    const gone = (await owner.client.get(`/products/product/${car.id}`)).json().product;
    expect(gone.sold).toBe(true);
    expect(Date.now() - Date.parse(gone.sold_at)).toBeLessThan(5_000);
    // Nothing left: the sale cannot be undone.
    expect((await owner.client.delete(`/products/${car.id}/sold`)).json()).toEqual({
      errors: { global: ['number_not_available'] },
    });
  });

  it('lets one of two renewals, bumps or sales at once win, the other refused', async () => {
    const db = ctx().app.db;
    const a = await offer(1, 10);
    const renewals = await Promise.all([
      owner.client.post(`/products/${a.id}/renew`),
      manager.client.post(`/products/${a.id}/renew`),
    ]);
    expect(renewals.map((r) => r.statusCode).sort()).toEqual([200, 422]);

    const b = await offer(1, 10);
    const bumps = await Promise.all([
      owner.client.post(`/products/${b.id}/bump`),
      manager.client.post(`/products/${b.id}/bump`),
      owner.client.post(`/products/${b.id}/bump`),
    ]);
    expect(bumps.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    const stats = await db
      .selectFrom('product_daily_stats')
      .select('bump_count')
      .where('product_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(stats.bump_count).toBe(1);

    const c = await offer(30);
    await stranger.client.get(`/products/favorite/add/${c.id}`);
    const sales = await Promise.all([
      owner.client.post(`/products/${c.id}/sold`),
      manager.client.post(`/products/${c.id}/sold`),
    ]);
    expect(sales.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const told = await notificationsOf(db, stranger.user.id, 'saved_sold');
    expect(told.filter((n) => JSON.parse(n.data).product_id === c.id)).toHaveLength(1);
  });
});
