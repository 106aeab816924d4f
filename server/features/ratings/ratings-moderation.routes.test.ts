import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ratingWorld } from './ratings.test-support';

// Issue 32 item 5: a rating can be reported and goes through the moderation queue like a comment
// (type `rating` in POST /{type}s/{id}/reports and /admin/moderation).

describeEachEngine('ratings in moderation', (ctx) => {
  async function rated() {
    const w = await ratingWorld(ctx());
    const commandId = await w.accepted();
    const res = await w.rate(commandId, { stars: 1, text: 'Arnaque, jamais livré' });
    return { ...w, commandId, ratingId: res.json().rating.id as number };
  }

  it('takes reports from the shop and others, never from its author or anonymous', async () => {
    const w = await rated();
    const report = (client = w.owner.client, body: unknown = { reason: 'offensive' }) =>
      client.post(`/ratings/${w.ratingId}/reports`, body);
    expect((await report(w.anonymous)).statusCode).toBe(401);
    expect((await report(w.buyer.client)).statusCode).toBe(403);
    expect((await report(w.owner.client, { reason: 'nonsense' })).statusCode).toBe(422);
    expect(
      (await w.owner.client.post('/ratings/999999/reports', { reason: 'other' })).statusCode,
    ).toBe(404);
    const res = await report();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().report).toMatchObject({ reports_count: 1, moderation_status: 'visible' });
    // A second report by the same user replaces the first.
    expect((await report(w.owner.client, { reason: 'other' })).json().report.reports_count).toBe(1);
    expect((await report(w.stranger.client)).json().report.reports_count).toBe(2);

    const queue = await w.siteModerator.client.get('/admin/moderation');
    const item = queue
      .json()
      .items.data.find(
        (i: { type: string; id: number }) => i.type === 'rating' && i.id === w.ratingId,
      );
    expect(item).toMatchObject({
      pending: true,
      reports_count: 2,
      text: 'Arnaque, jamais livré',
      title: expect.any(String),
      product_id: w.product.id,
      author: { id: w.buyer.user.id },
    });
    expect(item.reports).toHaveLength(2);
    // Only site staff act on the queue.
    const byOwner = await w.owner.client.post(`/admin/moderation/rating/${w.ratingId}`, {
      action: 'hide',
    });
    expect(byOwner.statusCode).toBe(403);
  });

  it('hides (out of the average and the list), restores, and deletes a rating', async () => {
    const w = await rated();
    const act = (action: string) =>
      w.siteModerator.client.post(`/admin/moderation/rating/${w.ratingId}`, { action });
    expect((await act('hide')).json().item).toMatchObject({ moderation_status: 'hidden' });
    expect(await w.shopRating()).toEqual({ rating_average: null, rating_count: 0 });
    expect((await w.listed()).total).toBe(0);
    // Its author still reads it, with its state; the shop cannot answer what nobody sees.
    const own = await w.buyer.client.get(`/commands/${w.commandId}/rating`);
    expect(own.json().rating).toMatchObject({ id: w.ratingId, moderation_status: 'hidden' });
    const seller = await w.owner.client.get(`/commands/${w.commandId}/rating`);
    expect(seller.json().rating).toBeNull();
    const answer = await w.owner.client.post(`/ratings/${w.ratingId}/answer`, { text: 'Faux' });
    expect(answer.statusCode).toBe(404);

    expect((await act('restore')).json().item).toMatchObject({ moderation_status: 'visible' });
    expect(await w.shopRating()).toEqual({ rating_average: 1, rating_count: 1 });

    expect((await act('delete')).statusCode).toBe(200);
    expect(await w.shopRating()).toEqual({ rating_average: null, rating_count: 0 });
    expect((await act('hide')).statusCode).toBe(404);
    const log = (await w.siteModerator.client.get('/admin/moderation/log')).json().log.data;
    expect(log.filter((e: { target_type: string }) => e.target_type === 'rating')).toHaveLength(3);
  });
});
