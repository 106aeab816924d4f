import { expect, it } from 'vitest';
import { USER_RATE_LIMITS, type UserRateScope } from '../../shared/constants';
import { describeEachEngine, type TestContext } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { hit, pruneRateLimits } from './rate-limits';

// Issue 14 item 6: per-user write limits kept in the database, shared by every process; issue 29
// item 12: their windows slide.

const T0 = 1_800_000_000; // a multiple of 600 and of 3600

const rows = (ctx: TestContext) =>
  ctx.app.db.selectFrom('rate_limits').selectAll().orderBy('window_start').execute();

describeEachEngine('rate limits: the limiter', (ctx) => {
  it('allows `limit` hits a window, then answers the seconds to wait', async () => {
    const { db } = ctx().app;
    const rule = { scope: 'test-basic', key: '7', limit: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i++)
      expect(await hit(db, { ...rule, at: T0 + i })).toEqual({ allowed: true, count: i + 1 });
    // The three hits are in the bucket [T0, T0 + 10): it counts until T0 + 610.
    expect(await hit(db, { ...rule, at: T0 + 100 })).toEqual({
      allowed: false,
      retryAfterSeconds: 510,
    });
    // Other keys and scopes have their own counts.
    expect(await hit(db, { ...rule, key: '8', at: T0 + 100 })).toEqual({ allowed: true, count: 1 });
    expect(await hit(db, { ...rule, scope: 'test-other', at: T0 + 100 })).toEqual({
      allowed: true,
      count: 1,
    });
    // The window slides: a full window after the hits, room again; refused hits did not count.
    expect(await hit(db, { ...rule, at: T0 + 609 })).toMatchObject({ allowed: false });
    expect(await hit(db, { ...rule, at: T0 + 610 })).toEqual({ allowed: true, count: 1 });
  });

  // Issue 29 item 12: a fixed window let 3 an hour be 6 within a minute across the hour.
  it('never lets a limit of 3 an hour be 4 within a minute across the hour', async () => {
    const { db } = ctx().app;
    const rule = { scope: 'test-edge', key: '1', limit: 3, windowSeconds: 3600 };
    for (const at of [T0 + 3597, T0 + 3598, T0 + 3599]) {
      expect(await hit(db, { ...rule, at })).toMatchObject({ allowed: true });
    }
    for (let at = T0 + 3600; at <= T0 + 3660; at += 15) {
      const refused = await hit(db, { ...rule, at });
      expect(refused, String(at - T0)).toMatchObject({ allowed: false });
      // The wait is the true one (3597 s from T0 + 3600) at most one bucket (60 s) longer.
      if (!refused.allowed && at === T0 + 3600) {
        expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(3597);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3597 + 60);
      }
    }
    // Hits spread over the window: each leaves as it gets a window old, not all at a boundary.
    const spread = { ...rule, scope: 'test-spread' };
    for (const at of [T0, T0 + 1200, T0 + 2400]) {
      expect(await hit(db, { ...spread, at })).toMatchObject({ allowed: true });
    }
    expect(await hit(db, { ...spread, at: T0 + 3599 })).toMatchObject({ allowed: false });
    expect(await hit(db, { ...spread, at: T0 + 3660 })).toMatchObject({ allowed: true });
    expect(await hit(db, { ...spread, at: T0 + 3661 })).toMatchObject({ allowed: false });
    expect(await hit(db, { ...spread, at: T0 + 4860 })).toMatchObject({ allowed: true });
  });

  it('never lets parallel hits past the limit, and refused hits do not count', async () => {
    const { db } = ctx().app;
    const rule = { scope: 'test-parallel', key: '1', limit: 10, windowSeconds: 600, at: T0 };
    const results = await Promise.all(Array.from({ length: 40 }, () => hit(db, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const row = (await rows(ctx())).find((r) => r.scope === 'test-parallel')!;
    expect(Number(row.count)).toBe(10);
  });

  it('prunes the rows of buckets no longer counting only', async () => {
    const { db } = ctx().app;
    await hit(db, { scope: 'test-prune', key: '1', limit: 5, windowSeconds: 600, at: T0 });
    await hit(db, { scope: 'test-prune', key: '1', limit: 5, windowSeconds: 600, at: T0 + 600 });
    // The first bucket, [T0, T0 + 10), counts until T0 + 610.
    await pruneRateLimits(db, T0 + 609);
    expect((await rows(ctx())).filter((r) => r.scope === 'test-prune')).toHaveLength(2);
    await pruneRateLimits(db, T0 + 610);
    const left = (await rows(ctx())).filter((r) => r.scope === 'test-prune');
    expect(left.map((r) => Number(r.window_start))).toEqual([T0 + 600]);
  });
});

/** Fills the user's current window of `scope` up to its limit, as if they had used it all. */
async function useUp(ctx: TestContext, scope: UserRateScope, userId: number) {
  const rule = USER_RATE_LIMITS[scope];
  const now = Math.floor(Date.now() / 1000);
  const start = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  await ctx.app.db
    .insertInto('rate_limits')
    .values({
      scope,
      key: String(userId),
      window_start: start,
      window_end: start + rule.windowSeconds,
      count: rule.limit,
    })
    .execute();
}

const countOf = async (
  ctx: TestContext,
  table: 'comments' | 'commands' | 'reactions' | 'reports' | 'products',
) =>
  Number(
    (
      await ctx.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachEngine('rate limits: per-user writes', (ctx) => {
  it('answers 429 with Retry-After beyond each limit, and writes nothing', async () => {
    const { db } = ctx().app;
    const seller = await ctx().userClient();
    const sub = await createSubcategory(db);
    const shopId = await personalShopOf(db, seller.user.id);
    const product = await createProduct(db, {
      shop_id: shopId,
      psubcategory_id: sub.id,
      user_id: seller.user.id,
      number: 100,
    });
    const buyer = await ctx().userClient();
    const attempts: [
      UserRateScope,
      () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>,
      Parameters<typeof countOf>[1],
      number,
    ][] = [
      [
        'comment',
        () => buyer.client.post(`/comments/create/product/${product.id}`, { text: 'Encore ?' }),
        'comments',
        201,
      ],
      [
        'command',
        () => buyer.client.post(`/commands/create/product/${product.id}`, {}),
        'commands',
        201,
      ],
      [
        'reaction',
        () => buyer.client.post(`/reactions/create/product/${product.id}`, { name: 'like' }),
        'reactions',
        200,
      ],
      ['report', () => buyer.client.get(`/products/report/add/${product.id}`), 'reports', 200],
      [
        'offer',
        () =>
          buyer.client.post('/products/create/offer', {
            name: 'Vélo',
            psubcategory_id: sub.id,
            price: 1000,
          }),
        'products',
        201,
      ],
    ];
    for (const [scope, attempt, table, okStatus] of attempts) {
      // Under the limit, the write goes through (and counts).
      const first = await attempt();
      expect(first.statusCode, scope).toBe(okStatus);
      await db.deleteFrom('rate_limits').execute();
      await useUp(ctx(), scope, buyer.user.id);
      const before = await countOf(ctx(), table);
      if (scope === 'report' || scope === 'reaction') {
        // Report and react are idempotent per user: undo the first, so a write would show.
        if (scope === 'report') await buyer.client.get(`/products/report/remove/${product.id}`);
        else await db.deleteFrom('reactions').execute();
      }
      const refused = await attempt();
      expect(refused.statusCode, scope).toBe(429);
      expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });
      const wait = Number(refused.headers['retry-after']);
      expect(wait, scope).toBeGreaterThan(0);
      expect(wait, scope).toBeLessThanOrEqual(USER_RATE_LIMITS[scope].windowSeconds);
      const after = await countOf(ctx(), table);
      expect(after, scope).toBe(scope === 'report' || scope === 'reaction' ? before - 1 : before);
      await db.deleteFrom('rate_limits').execute();
    }
  });
});
