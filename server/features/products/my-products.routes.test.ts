import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { addEmployee, signIn } from './products.test-helpers';

// Issue 32 item 4 (DESIGN §4): GET /users/me/products, "My offers": the tabs of every shop the user
// is on the staff of, their counts, pages and what the user may do with each.

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachEngine('products: my offers', (ctx) => {
  let owner: Awaited<ReturnType<typeof signIn>>;
  let employee: Awaited<ReturnType<typeof signIn>>;
  let shopId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db)).id;
    owner = await signIn(ctx());
    employee = await signIn(ctx());
    shopId = await personalShopOf(db, owner.user.id);
    await addEmployee(db, shopId, employee.user.id, 'employee');
    const make = (values: Record<string, unknown>) =>
      createProduct(db, {
        shop_id: shopId,
        psubcategory_id: subId,
        user_id: owner.user.id,
        ...values,
      }).then((p) => p.id);
    ids = {
      live: await make({ expires_at: iso(Date.now() + 30 * DAY) }),
      expiring: await make({ expires_at: iso(Date.now() + DAY) }),
      expired: await make({ expires_at: iso(Date.now() - DAY) }),
      sold: await make({ sold: 1, sold_at: iso(Date.now() - DAY) }),
      hidden: await make({ moderation_status: 'hidden' }),
      byEmployee: await make({ user_id: employee.user.id }),
      demand: await make({ type: 'demand', offer_type: 'buy' }),
    };
    // Someone else's shop: never in this list.
    const other = await signIn(ctx());
    await createProduct(db, {
      shop_id: await personalShopOf(db, other.user.id),
      psubcategory_id: subId,
      user_id: other.user.id,
    });
  });

  const get = (client = owner.client, query = '') => client.get(`/users/me/products${query}`);
  const idsOf = (res: { json(): { products: { data: { id: number }[] } } }) =>
    res.json().products.data.map((p) => p.id);

  it('answers each tab with its counts (live holds the expiring ones)', async () => {
    const counts = { live: 3, expiring: 1, expired: 1, sold: 1, hidden: 1 };
    const live = await get();
    expect(live.statusCode).toBe(200);
    expect(live.json().counts).toEqual(counts);
    expect(idsOf(live).sort()).toEqual([ids.live, ids.expiring, ids.byEmployee].sort());
    for (const status of ['expiring', 'expired', 'sold', 'hidden'] as const) {
      const res = await get(owner.client, `?status=${status}`);
      expect(idsOf(res), status).toEqual([ids[status]]);
      expect(res.json().products).toMatchObject({ total: 1, current_page: 1 });
    }
    const demands = await get(owner.client, '?type=demand');
    expect(idsOf(demands)).toEqual([ids.demand]);
    expect(demands.json().counts).toEqual({ live: 1, expiring: 0, expired: 0, sold: 0, hidden: 0 });
    const card = live.json().products.data.find((p: { id: number }) => p.id === ids.live);
    expect(card).toMatchObject({ manageable: true, deletable: true, moderation_status: 'visible' });
    expect(typeof card.expires_at).toBe('string');
  });

  it('tells an employee what they may do: their own posts, never deleting', async () => {
    const res = await get(employee.client);
    expect(res.json().counts.live).toBe(3);
    const flags = Object.fromEntries(
      res
        .json()
        .products.data.map((p: { id: number; manageable: boolean; deletable: boolean }) => [
          p.id,
          [p.manageable, p.deletable],
        ]),
    );
    expect(flags[ids.byEmployee]).toEqual([true, false]);
    expect(flags[ids.live]).toEqual([false, false]);
  });

  it('pages the list, 20 a page', async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db, { name: 'many' })).id;
    const seller = await signIn(ctx());
    const shop = await personalShopOf(db, seller.user.id);
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++)
      await createProduct(db, { shop_id: shop, psubcategory_id: subId, user_id: seller.user.id });
    const first = await get(seller.client);
    expect(first.json().products).toMatchObject({ total: 23, last_page: 2, to: 20 });
    const second = await get(seller.client, '?page=2');
    expect(second.json().products).toMatchObject({ current_page: 2, to: 23 });
    expect(idsOf(second)).toHaveLength(3);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(23);
  });

  it('refuses the anonymous (401) and bad input (422), and shows a user with no shop nothing', async () => {
    expect((await ctx().client().get('/users/me/products')).statusCode).toBe(401);
    for (const query of ['?status=gone', '?type=shop', '?page=0', '?page=abc', '?page=1e9']) {
      const res = await get(owner.client, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toBeTypeOf('object');
    }
    const db = ctx().app.db;
    const lonely = await signIn(ctx());
    await db.deleteFrom('shop_employees').where('user_id', '=', lonely.user.id).execute();
    const empty = await get(lonely.client);
    expect(empty.json()).toMatchObject({
      counts: { live: 0, expiring: 0, expired: 0, sold: 0, hidden: 0 },
      products: { total: 0, data: [] },
    });
  });
});
