import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { addEmployee, member } from '../commands/conversations.fixtures';
import { ratingWorld } from './ratings.test-support';

// Issue 32: a new rating tells the shop's managers (`rated`, opens the shop's reviews tab); the
// buyer and the plain employee are not told; a held rating tells them only once released, once.
// The shop's answer tells the rating's author (`rating_answered`), never the one who answered.

describeEachEngine('a rating notifies the shop', (ctx) => {
  type Member = { client: TestClient; user: { id: number } };
  const kindOf = async (m: Member, kind: string) => {
    const res = await m.client.post('/notifications/paginate', { type: 'all', page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().notifications.data as { type: string; data: Record<string, unknown> }[])
      .filter((n) => n.type === kind)
      .map((n) => n.data);
  };
  const ratedOf = (m: Member) => kindOf(m, 'rated');
  const answeredOf = (m: Member) => kindOf(m, 'rating_answered');

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

  it("tells the buyer of the shop's answer, once, and none of the staff", async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    const rated = await w.rate(id, { stars: 3, text: 'Livraison lente' });
    const ratingId = rated.json().rating.id;
    const answer = (m: Member, text: string) =>
      m.client.post(`/ratings/${ratingId}/answer`, { text });

    // Refused answers tell nobody: a stranger (403), an empty text (422).
    expect((await answer(w.stranger, 'Merci')).statusCode).toBe(403);
    expect((await answer(w.employee, '   ')).statusCode).toBe(422);
    expect(await answeredOf(w.buyer)).toEqual([]);

    // Any member of the staff answers: the buyer hears of it, with who answered and the shop.
    const res = await answer(w.employee, 'Désolés, nous faisons mieux.');
    expect(res.statusCode, res.body).toBe(200);
    const got = await answeredOf(w.buyer);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      user_id: w.employee.user.id,
      shop_id: w.shopId,
      shop_name: expect.any(String),
      stars: 3,
      command_id: id,
      product_id: w.product.id,
      type: 'offer',
    });
    for (const m of [w.owner, w.shopAdmin, w.shopModerator, w.employee, w.stranger]) {
      expect(await answeredOf(m)).toEqual([]);
    }
    // A second answer is refused and tells nothing more.
    expect((await answer(w.owner, 'Encore')).statusCode).toBe(422);
    expect(await answeredOf(w.buyer)).toHaveLength(1);
  });

  it("tells nobody when the one who answers is the rating's own author", async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    const ratingId = (await w.rate(id, { stars: 5 })).json().rating.id;
    // The buyer joined the shop's staff after rating it, and answers.
    await addEmployee(w.db, w.shopId, w.buyer.user.id, 'employee');
    const res = await w.buyer.client.post(`/ratings/${ratingId}/answer`, { text: 'Merci' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answeredOf(w.buyer)).toEqual([]);
  });
});
