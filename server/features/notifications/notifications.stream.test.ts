import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { openSse, type SseStream } from '../../test/sse';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { member } from '../commands/conversations.fixtures';
import { MAX_STREAMS_PER_USER } from './notifications.stream';
import { acquireLease, countLeases } from './stream-leases';

// GET /notifications/stream (DESIGN §4, issue 18) over a real connection: the signed-in user's
// own notifications arrive within a second of their cause, exactly as the list shows them, with
// the unread count; Last-Event-ID resumes without loss; at most MAX_STREAMS_PER_USER at once;
// anonymous is 401; nobody hears another user's notifications.

type Member = Awaited<ReturnType<typeof member>>;

describeEachEngine('notifications stream', (ctx) => {
  let base: string;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let productId: number;
  const open: SseStream[] = [];
  const stream = async (who: Member | null, headers: Record<string, string> = {}) => {
    const s = await openSse(base, '/notifications/stream', who?.client ?? null, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx().app.server.address() as { port: number }).port}`;
    [alice, bob, carol] = await Promise.all([
      member(ctx(), 'user', 'Alice'),
      member(ctx(), 'user', 'Bob'),
      member(ctx(), 'user', 'Carol'),
    ]);
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    productId = (
      await createProduct(db, {
        shop_id: await personalShopOf(db, alice.user.id),
        psubcategory_id: sub.id,
        user_id: alice.user.id,
      })
    ).id;
  });
  afterAll(() => open.forEach((s) => s.close()));

  const comment = (who: Member, text: string) =>
    who.client.post(`/comments/create/product/${productId}`, { text });
  const firstOfList = async (who: Member) =>
    (await who.client.post('/notifications/paginate', { page: 1 })).json().notifications.data[0];

  it('anonymous is 401 and opens nothing', async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
    const res = await ctx().client().get('/notifications/stream');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('errors');
  });

  it('sends the unread count, then each new notification within a second, as the list has it', async () => {
    const s = await stream(alice);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('cache-control')).toContain('no-cache');
    expect(JSON.parse((await s.next('unread')).data)).toEqual({ count: 0 });

    const started = Date.now();
    expect((await comment(bob, 'encore disponible ?')).statusCode).toBe(201);
    const event = await s.next('notification', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const sent = JSON.parse(event.data);
    expect(sent).toEqual(await firstOfList(alice));
    expect(sent.type).toBe('commented');
    expect(event.id).toBe(String(sent.id));
    expect(JSON.parse((await s.next('unread')).data)).toEqual({ count: 1 });
  });

  it('never carries another user’s notifications', async () => {
    const mine = await stream(carol);
    await mine.next('unread');
    await comment(bob, 'second question');
    // Alice's notification has been written and announced by now: her stream (above) got it.
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.events.filter((e) => e.event === 'notification')).toEqual([]);
    mine.close();
  });

  it('sends a notification updated in place again, with the same id (issue 35 item 14)', async () => {
    const s = await stream(alice);
    await s.next('unread');
    const react = (name: string) =>
      bob.client.post(`/reactions/create/product/${productId}`, { name });
    expect((await react('like')).statusCode).toBe(200);
    const first = JSON.parse((await s.next('notification', 1_000)).data);
    expect(first).toMatchObject({ type: 'reacted', data: { reaction: 'like' } });
    await s.next('unread');
    expect((await react('love')).statusCode).toBe(200);
    const event = await s.next('notification', 1_000);
    const updated = JSON.parse(event.data);
    expect(updated).toMatchObject({ id: first.id, read_at: null, data: { reaction: 'love' } });
    expect(updated).toEqual(await firstOfList(alice));
    // The event's own id never goes back (the browser's Last-Event-ID).
    expect(Number(event.id)).toBeGreaterThanOrEqual(first.id);
    s.close();
  });

  it('resumes after Last-Event-ID without losing what came meanwhile', async () => {
    const first = await stream(alice);
    await first.next('unread');
    await comment(bob, 'one');
    const seen = JSON.parse((await first.next('notification')).data);
    first.close();
    await first.ended;
    await comment(bob, 'two');
    await comment(carol, 'three');
    const again = await stream(alice, { 'last-event-id': String(seen.id) });
    const a = JSON.parse((await again.next('notification')).data);
    const b = JSON.parse((await again.next('notification')).data);
    expect(a.id).toBeGreaterThan(seen.id);
    expect(b.id).toBeGreaterThan(a.id);
    expect(a.data.user_first_name).toBe('Bob');
    expect(b.data.user_first_name).toBe('Carol');
    expect(JSON.parse((await again.next('unread')).data).count).toBeGreaterThanOrEqual(2);
    again.close();
  });

  it(`refuses a stream beyond ${MAX_STREAMS_PER_USER} of one user with 429`, async () => {
    open.forEach((s) => s.close());
    await Promise.all(open.map((s) => s.ended));
    await new Promise((r) => setTimeout(r, 100));
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await stream(bob));
    expect(held.map((s) => s.status)).toEqual(held.map(() => 200));
    const extra = await stream(bob);
    expect(extra.status).toBe(429);
    expect(extra.headers.get('retry-after')).toBeTruthy();
    held[0].close();
    await held[0].ended;
    await new Promise((r) => setTimeout(r, 100));
    expect((await stream(bob)).status).toBe(200);
  });

  it('counts the streams other processes hold (their leases), and not those of a dead one', async () => {
    open.forEach((s) => s.close());
    await Promise.all(open.map((s) => s.ended));
    await new Promise((r) => setTimeout(r, 100));
    const { user, client } = await ctx().userClient();
    const dave = { user, client } as Member;
    // Another process holds two of Dave's streams.
    for (let i = 0; i < MAX_STREAMS_PER_USER - 1; i++) {
      expect(
        await acquireLease(ctx().app.db, { userId: user.id, holder: 'other', slots: 3 }),
      ).not.toBeNull();
    }
    const mine = await stream(dave);
    expect(mine.status).toBe(200);
    const extra = await stream(dave);
    expect(extra.status).toBe(429);
    // That process dies: its leases run out (here: are moved into the past) and free the slots.
    await ctx()
      .app.db.updateTable('stream_leases')
      .set({ expires_at: Date.now() - 1 })
      .where('holder', '=', 'other')
      .execute();
    expect((await stream(dave)).status).toBe(200);
    expect((await stream(dave)).status).toBe(200);
    expect((await stream(dave)).status).toBe(429);
    expect(await countLeases(ctx().app.db, user.id)).toBe(MAX_STREAMS_PER_USER);
  });

  it('ends every stream when the server shuts down', async () => {
    const s = await stream(carol);
    await s.next('unread');
    // The harness closes the app after the block; here the hub's preClose is what ends it.
    await ctx().app.close();
    await s.ended;
  });
});
