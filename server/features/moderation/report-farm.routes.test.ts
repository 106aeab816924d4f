import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createProduct, personalShopOf } from '../../test/fixtures';
import { manyUsers, signIn } from '../products/products.test-helpers';
import { moderationScenario } from './moderation.test-helpers';
import type { TestClient } from '../../test/client';

// Issue 29 item 4 (docs/trust.md, shared/domain/report-weight.ts): report weight that cannot be
// farmed within hours. Three fresh accounts that verify their phones and earn "upheld" on their
// own bait no longer hide a competitor's offer; reporters on one address count once; a seller
// with history waits for a moderator, visible; an automatic hide is in the queue.

type Person = { client: TestClient; user: { id: number } };

describeEachEngine('moderation: report weight cannot be farmed', (ctx) => {
  const { seller, oldReporters, foundIds } = moderationScenario(ctx);
  const db = () => ctx().app.db;

  const verifyPhones = (ids: number[]) =>
    db()
      .updateTable('users')
      .set({ phone_verified_at: new Date().toISOString() })
      .where('id', 'in', ids)
      .execute();
  /** Their sessions all come from one address (one machine, one connection). */
  const oneAddress = (ids: number[], ip: string) =>
    db().updateTable('sessions').set({ ip }).where('user_id', 'in', ids).execute();
  const report = async (who: Person, id: number) => {
    const res = await who.client.post(`/products/${id}/reports`, { reason: 'scam' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { moderation_status: string; reports_count: number };
  };
  const statusOf = async (id: number) =>
    (
      await db()
        .selectFrom('products')
        .select('moderation_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).moderation_status;
  const queueRow = (id: number) =>
    db()
      .selectFrom('moderation_items')
      .select(['pending', 'reports_count'])
      .where('target_type', '=', 'product')
      .where('target_id', '=', id)
      .executeTakeFirst();
  const upheldOf = async (ids: number[]) =>
    (
      await db()
        .selectFrom('users')
        .select(['id', 'reports_upheld'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.reports_upheld));

  it('plays the farm: three fresh verified accounts upholding reports on their own bait', async () => {
    const competitor = await seller();
    const { id: target } = await competitor.offer('Competitor Hilux');
    const farm = await manyUsers(ctx(), 3);
    const ids = farm.map((f) => f.user.id);
    await verifyPhones(ids);
    await oneAddress(ids, '10.250.0.1');
    const moderator = await signIn(ctx(), 'moderator');
    const sub = (
      await db()
        .selectFrom('products')
        .select('psubcategory_id')
        .where('id', '=', target)
        .executeTakeFirstOrThrow()
    ).psubcategory_id;
    // Each posts a bait; the two others report it; a moderator rightly hides it.
    for (const [i, owner] of farm.entries()) {
      const bait = await createProduct(db(), {
        shop_id: await personalShopOf(db(), owner.user.id),
        psubcategory_id: sub,
        user_id: owner.user.id,
        name: `Bait ${i}`,
      });
      for (const other of farm.filter((f) => f !== owner)) await report(other, bait.id);
      const hide = await moderator.client.post(`/admin/moderation/product/${bait.id}`, {
        action: 'hide',
      });
      expect(hide.statusCode, hide.body).toBe(200);
    }
    // Upheld on the bait of an account they are linked to: no weight earned.
    expect(await upheldOf(ids)).toEqual([0, 0, 0]);
    for (const member of farm) {
      expect((await report(member, target)).moderation_status).toBe('visible');
    }
    expect(await statusOf(target)).toBe('visible');
    expect(await foundIds()).toContain(target);
    // The reports still put it in the queue for a moderator.
    expect(await queueRow(target)).toMatchObject({ pending: 1, reports_count: 3 });
  });

  it('weighs nothing for accounts younger than three days, even with upheld reports', async () => {
    const competitor = await seller();
    const { id: first } = await competitor.offer('First');
    const fresh = await manyUsers(ctx(), 3);
    const ids = fresh.map((f) => f.user.id);
    await verifyPhones(ids);
    // Upheld reports on strangers' items (the weight trust.ts gives them: 0.25 + 0.25 + 0.5).
    await db().updateTable('users').set({ reports_upheld: 1 }).where('id', 'in', ids).execute();
    for (const r of fresh) expect((await report(r, first)).moderation_status).toBe('visible');
    expect(await statusOf(first)).toBe('visible');
    // Four days on, the same record counts: the third report holds a new offer for review.
    await ageAccounts(db(), ids, 4);
    const { id: second } = await competitor.offer('Second');
    const got = [];
    for (const r of fresh) got.push((await report(r, second)).moderation_status);
    expect(got).toEqual(['visible', 'visible', 'review']);
  });

  it('counts reporters on one address once; an automatic hide waits in the queue', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const same = await oldReporters(3);
    await oneAddress(
      same.map((r) => r.user.id),
      '10.250.0.2',
    );
    for (const r of same) expect((await report(r, id)).moderation_status).toBe('visible');
    const [fourth, fifth] = await oldReporters(2);
    expect((await report(fourth!, id)).moderation_status).toBe('visible');
    // The third distinct address.
    expect((await report(fifth!, id)).moderation_status).toBe('review');
    expect(await queueRow(id)).toMatchObject({ pending: 1, reports_count: 5 });
    const moderator = await signIn(ctx(), 'moderator');
    const queue = await moderator.client.get('/admin/moderation?status=review');
    expect(queue.statusCode).toBe(200);
    expect(
      (queue.json().items.data as { type: string; id: number }[]).some(
        (item) => item.type === 'product' && item.id === id,
      ),
    ).toBe(true);
  });

  it('counts reporters of one IPv6 /64 once, whichever of its addresses each uses', async () => {
    const s = await seller();
    const { id } = await s.offer();
    // One subscriber's block: each account on its own address of 2001:db8:7:8::/64.
    const same = await oldReporters(3);
    for (const [i, r] of same.entries()) {
      await oneAddress([r.user.id], `2001:db8:7:8:${i + 1}::${i + 10}`);
    }
    for (const r of same) expect((await report(r, id)).moderation_status).toBe('visible');
    // An IPv4 client seen through a dual-stack socket counts with its IPv4 address.
    const [mapped, plain] = await oldReporters(2);
    await oneAddress([mapped!.user.id], '::ffff:10.250.0.3');
    await oneAddress([plain!.user.id], '10.250.0.3');
    expect((await report(mapped!, id)).moderation_status).toBe('visible');
    expect((await report(plain!, id)).moderation_status).toBe('visible');
    // The third distinct key.
    const [third] = await oldReporters(1);
    expect((await report(third!, id)).moderation_status).toBe('review');
  });

  it('leaves a seller with history visible until a moderator looks', async () => {
    const s = await seller();
    await ageAccounts(db(), [s.user.id], 60);
    await s.offer('Older one');
    await s.offer('Older two');
    const { id } = await s.offer('Reported');
    const reporters = await oldReporters(4);
    for (const r of reporters) expect((await report(r, id)).moderation_status).toBe('visible');
    expect(await statusOf(id)).toBe('visible');
    expect(await foundIds()).toContain(id);
    expect(await queueRow(id)).toMatchObject({ pending: 1, reports_count: 4 });
    // Logged once, when the reports reached it.
    const logged = await db()
      .selectFrom('moderation_log')
      .select('action')
      .where('target_type', '=', 'product')
      .where('target_id', '=', id)
      .execute();
    expect(logged.map((l) => l.action)).toEqual(['auto_hide_review']);
    // The moderator agrees: hidden, the reports upheld (the reporters are strangers to the seller).
    const moderator = await signIn(ctx(), 'moderator');
    await moderator.client.post(`/admin/moderation/product/${id}`, { action: 'hide' });
    expect(await statusOf(id)).toBe('hidden');
    expect(await upheldOf(reporters.map((r) => r.user.id))).toEqual([1, 1, 1, 1]);
  });
});
