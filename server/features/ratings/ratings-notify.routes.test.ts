import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { member } from '../commands/conversations.fixtures';
import { ratingWorld } from './ratings.test-support';

// Issue 32: a new rating tells the shop's managers (`rated`, opens the shop's reviews tab); the
// buyer and the plain employee are not told; a held rating tells them only once released, once.

describeEachEngine('a rating notifies the shop', (ctx) => {
  type Member = { client: TestClient; user: { id: number } };
  const ratedOf = async (m: Member) => {
    const res = await m.client.post('/notifications/paginate', { type: 'all', page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().notifications.data as { type: string; data: Record<string, unknown> }[])
      .filter((n) => n.type === 'rated')
      .map((n) => n.data);
  };

  it("tells the shop's owner and managers, with the stars, not the buyer nor an employee", async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    const res = await w.rate(id, { stars: 4, text: 'Bon vendeur' });
    expect(res.statusCode, res.body).toBe(201);

    for (const m of [w.owner, w.shopAdmin, w.shopModerator]) {
      const got = await ratedOf(m);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        shop_id: w.shopId,
        shop_name: expect.any(String),
        stars: 4,
        command_id: id,
        product_id: w.product.id,
      });
    }
    for (const m of [w.buyer, w.employee, w.stranger]) expect(await ratedOf(m)).toEqual([]);
    // The bell counts it.
    const count = await w.owner.client.get('/notifications/unreadnotifications/count');
    expect(count.json().count).toBeGreaterThanOrEqual(1);
  });

  it('a refused rating tells nobody', async () => {
    const w = await ratingWorld(ctx());
    const open = await w.order();
    expect((await w.rate(open, { stars: 5 })).statusCode).toBe(422);
    expect(await ratedOf(w.owner)).toEqual([]);
  });

  it('a held rating tells the shop only when released, and only once', async () => {
    const w = await ratingWorld(ctx());
    const fresh = await member(ctx(), 'user', 'Fresh');
    const id = await w.accepted(fresh.client);
    const res = await w.rate(id, { stars: 2, text: 'Appelez-moi au 22 33 44 55' }, fresh.client);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rating.moderation_status).toBe('review');
    expect(await ratedOf(w.owner)).toEqual([]);

    const act = (action: string) =>
      w.siteModerator.client.post(`/admin/moderation/rating/${res.json().rating.id}`, { action });
    expect((await act('restore')).statusCode).toBe(200);
    expect(await ratedOf(w.owner)).toMatchObject([{ user_id: fresh.user.id, stars: 2 }]);
    expect(await ratedOf(w.shopAdmin)).toHaveLength(1);
    // Hidden and shown again: still one.
    expect((await act('hide')).statusCode).toBe(200);
    expect((await act('restore')).statusCode).toBe(200);
    expect(await ratedOf(w.owner)).toHaveLength(1);
  });
});
