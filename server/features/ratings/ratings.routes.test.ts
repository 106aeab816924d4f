import { afterEach, expect, it, vi } from 'vitest';
import { describeEachEngine, TEST_PASSWORD } from '../../test/harness';
import { COMMENT_TEXT_MAX } from '../../../shared/schemas/comments';
import { RATING_WINDOW_DAYS } from '../../../shared/domain/ratings';
import { addEmployee, member } from '../commands/conversations.fixtures';
import { ratingWorld } from './ratings.test-support';

// Issue 32 item 5: only a real accepted command gives the right to rate, once, within 30 days;
// the shop answers once; a banned or deleted buyer's ratings drop out of the average.

const RATING_KEYS = [
  'answer',
  'command_id',
  'created_at',
  'id',
  'product_id',
  'shop_id',
  'stars',
  'text',
  'user',
];
const DAY = 86_400_000;

describeEachEngine('seller ratings', (ctx) => {
  afterEach(() => vi.useRealTimers());

  it('lets the buyer of an accepted command rate the shop; shops and users show it', async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    // The buyer's command says until when they may rate (the form's state); nobody else's does.
    const before = (await w.buyer.client.get(`/commands/${id}/rating`)).json();
    expect(before.rating).toBeNull();
    expect(Date.parse(before.rate_until) - Date.now()).toBeGreaterThan(29 * DAY);
    expect((await w.owner.client.get(`/commands/${id}/rating`)).json().rate_until).toBeNull();
    const res = await w.rate(id, { stars: 4, text: '  Vendeur sérieux, livraison rapide  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { rating } = res.json();
    expect(Object.keys(rating).sort()).toEqual(RATING_KEYS);
    expect(rating).toMatchObject({
      shop_id: w.shopId,
      product_id: w.product.id,
      command_id: id,
      stars: 4,
      text: 'Vendeur sérieux, livraison rapide',
      user: { id: w.buyer.user.id, first_name: 'Buyer' },
      answer: null,
    });
    const other = await w.accepted(w.stranger.client);
    const blank = await w.rate(other, { stars: 5, text: '   ' }, w.stranger.client);
    expect(blank.json().rating.text).toBeNull();

    expect(await w.shopRating()).toEqual({ rating_average: 4.5, rating_count: 2 });
    const list = await w.listed();
    expect(list.total).toBe(2);
    // Newest first; strangers do not learn which command it was.
    expect(list.data.map((r) => r.stars)).toEqual([5, 4]);
    expect(list.data[0]).not.toHaveProperty('command_id');
    const owner = await ctx().client().get(`/users/user/${w.owner.user.id}`);
    expect(owner.json().user).toMatchObject({ rating_average: 4.5, rating_count: 2 });
    const buyer = await ctx().client().get(`/users/user/${w.buyer.user.id}`);
    expect(buyer.json().user).toMatchObject({ rating_average: null, rating_count: 0 });
    const inList = await ctx().client().get('/shops/paginate/all/0?page=1');
    const card = inList.json().shops.data.find((s: { id: number }) => s.id === w.shopId);
    expect(card).toMatchObject({ rating_average: 4.5, rating_count: 2 });
    // The buyer reads their command's rating (the form's state); a stranger to it does not.
    const mine = (await w.buyer.client.get(`/commands/${id}/rating`)).json();
    expect(mine.rating).toMatchObject({ id: rating.id, command_id: id });
    expect(mine.rate_until).toBeNull();
  });

  it('refuses every other way to rate: anonymous, unaccepted, not yours, the shop, a demand, twice', async () => {
    const w = await ratingWorld(ctx());
    const open = await w.order();
    expect((await w.anonymous.post(`/commands/${open}/rating`, { stars: 5 })).statusCode).toBe(401);
    const notYet = await w.rate(open, { stars: 5 });
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json()).toEqual({ errors: { global: ['command_not_accepted'] } });
    expect((await w.rate(999_999, { stars: 5 })).statusCode).toBe(404);

    await w.accept(open);
    // Someone else's command: a stranger, the shop's owner and staff, a site admin.
    for (const who of [w.stranger, w.owner, w.shopAdmin, w.employee, w.siteAdmin]) {
      const res = await w.rate(open, { stars: 5 }, who.client);
      expect(res.statusCode, who.user.id.toString()).toBe(403);
    }
    // A private command is not even seen by a stranger.
    const hidden = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      private: 'yes',
    });
    await w.accept(hidden.json().command.id);
    expect(
      (await w.rate(hidden.json().command.id, { stars: 1 }, w.stranger.client)).statusCode,
    ).toBe(404);

    // On a demand the command's author is a seller: no shop to rate.
    const type = (t: 'offer' | 'demand') =>
      w.db.updateTable('products').set({ type: t }).where('id', '=', w.product.id).execute();
    await type('demand');
    expect((await w.rate(open, { stars: 5 })).statusCode).toBe(403);
    await type('offer');

    expect((await w.rate(open, { stars: 5 })).statusCode).toBe(201);
    const twice = await w.rate(open, { stars: 1 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ errors: { global: ['already_rated'] } });
    // Another accepted command from the same buyer: still one rating per buyer and shop.
    const again = await w.rate(await w.accepted(), { stars: 1 });
    expect(again.json()).toEqual({ errors: { global: ['already_rated'] } });
    expect(await w.shopRating()).toEqual({ rating_average: 5, rating_count: 1 });
  });

  it('does not count a command the shop accepted from its own staff (joined after ordering)', async () => {
    const w = await ratingWorld(ctx());
    const insider = await member(ctx(), 'user', 'Insider');
    const id = await w.order(insider.client);
    await addEmployee(w.db, w.shopId, insider.user.id, 'employee');
    await w.accept(id);
    expect((await w.rate(id, { stars: 5 }, insider.client)).statusCode).toBe(403);
    expect(await w.shopRating()).toEqual({ rating_average: null, rating_count: 0 });
  });

  it(`closes the right to rate ${RATING_WINDOW_DAYS} days after the acceptance (fake clock)`, async () => {
    const w = await ratingWorld(ctx());
    const late = await w.accepted();
    const inTime = await w.accepted(w.stranger.client);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sessions last 30 days after their last use: each buyer signs in again on the day.
    const signedIn = async (phone: string) => {
      const client = ctx().client();
      const res = await client.post('/login', { login: phone, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      return client;
    };
    vi.setSystemTime(start + (RATING_WINDOW_DAYS - 1) * DAY);
    const ok = await w.rate(inTime, { stars: 3 }, await signedIn(w.stranger.user.phone_1));
    expect(ok.statusCode, ok.body).toBe(201);
    vi.setSystemTime(start + (RATING_WINDOW_DAYS + 1) * DAY);
    const refused = await w.rate(late, { stars: 1 }, await signedIn(w.buyer.user.phone_1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { global: ['rating_window_over'] } });
  });

  it('answers bad input with 422 and writes nothing', async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    for (const body of [
      {},
      { stars: 0 },
      { stars: 6 },
      { stars: 3.5 },
      { stars: 'five' },
      { stars: null },
      { stars: 4, text: 'x'.repeat(COMMENT_TEXT_MAX + 1) },
      { stars: 4, text: 12 },
    ]) {
      const res = await w.rate(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    // A malformed id is an unknown address, as on every other route.
    expect((await w.buyer.client.post('/commands/abc/rating', { stars: 4 })).statusCode).toBe(404);
    expect(await w.shopRating()).toEqual({ rating_average: null, rating_count: 0 });
    const page = await ctx().client().get(`/shops/${w.shopId}/ratings?page=0`);
    expect(page.statusCode).toBe(422);
    expect((await ctx().client().get('/shops/999999/ratings')).statusCode).toBe(404);
  });

  it('lets one rating in when the buyer sends two at once', async () => {
    const w = await ratingWorld(ctx());
    const id = await w.accepted();
    const codes = (await Promise.all([w.rate(id, { stars: 5 }), w.rate(id, { stars: 1 })])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 422]);
    expect((await w.shopRating()).rating_count).toBe(1);
  });

  it("lets the shop's staff answer once; nobody else", async () => {
    const w = await ratingWorld(ctx());
    const first = (await w.rate(await w.accepted(), { stars: 2 })).json().rating.id;
    const second = (
      await w.rate(await w.accepted(w.stranger.client), { stars: 4 }, w.stranger.client)
    ).json().rating.id;
    const answer = (id: number, client = w.owner.client, text: unknown = 'Merci, désolé') =>
      client.post(`/ratings/${id}/answer`, { text });
    expect((await w.anonymous.post(`/ratings/${first}/answer`, { text: 'x' })).statusCode).toBe(
      401,
    );
    for (const who of [w.buyer, w.stranger, w.siteAdmin]) {
      expect((await answer(first, who.client)).statusCode).toBe(403);
    }
    expect((await answer(first, w.owner.client, '   ')).statusCode).toBe(422);
    expect((await answer(first, w.owner.client, 'x'.repeat(COMMENT_TEXT_MAX + 1))).statusCode).toBe(
      422,
    );
    expect((await answer(999_999)).statusCode).toBe(404);
    const res = await answer(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rating.answer).toMatchObject({ text: 'Merci, désolé' });
    const twice = await answer(first, w.shopAdmin.client);
    expect(twice.json()).toEqual({ errors: { global: ['already_answered'] } });
    // Any member of the staff may answer.
    expect((await answer(second, w.employee.client)).statusCode).toBe(200);
    const list = await w.listed();
    expect(list.data.every((r) => r.answer !== null)).toBe(true);
  });

  it("drops a banned buyer's ratings out of the average and the list until unbanned, and a deleted one's for good", async () => {
    const w = await ratingWorld(ctx());
    await w.rate(await w.accepted(), { stars: 1 });
    await w.rate(await w.accepted(w.stranger.client), { stars: 5 }, w.stranger.client);
    expect(await w.shopRating()).toEqual({ rating_average: 3, rating_count: 2 });

    const ban = await w.siteModerator.client.post(`/admin/users/${w.buyer.user.id}/ban`, {
      reason: 'spam',
    });
    expect(ban.statusCode).toBe(200);
    expect(await w.shopRating()).toEqual({ rating_average: 5, rating_count: 1 });
    expect((await w.listed()).total).toBe(1);
    // Banned, the buyer has no session to rate with.
    expect((await w.rate(await w.accepted(w.stranger.client), { stars: 1 })).statusCode).toBe(401);
    await w.siteModerator.client.request('DELETE', `/admin/users/${w.buyer.user.id}/ban`, {
      body: {},
    });
    expect(await w.shopRating()).toEqual({ rating_average: 3, rating_count: 2 });

    const gone = await w.stranger.client.request('DELETE', `/users/${w.stranger.user.id}`, {
      body: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await w.shopRating()).toEqual({ rating_average: 1, rating_count: 1 });
  });

  it("holds a new account's rating with a phone number for review: it counts once released", async () => {
    const w = await ratingWorld(ctx());
    const fresh = await member(ctx(), 'user', 'Fresh');
    const id = await w.accepted(fresh.client);
    const res = await w.rate(id, { stars: 5, text: 'Appelez-moi au 22 33 44 55' }, fresh.client);
    expect(res.statusCode).toBe(201);
    expect(res.json().rating.moderation_status).toBe('review');
    expect(await w.shopRating()).toEqual({ rating_average: null, rating_count: 0 });
    const queue = await w.siteModerator.client.get('/admin/moderation?status=review');
    const item = queue.json().items.data.find((i: { type: string }) => i.type === 'rating');
    expect(item).toMatchObject({ id: res.json().rating.id, flag: 'contact_in_text' });
    const restored = await w.siteModerator.client.post(`/admin/moderation/rating/${item.id}`, {
      action: 'restore',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await w.shopRating()).toEqual({ rating_average: 5, rating_count: 1 });
  });
});
