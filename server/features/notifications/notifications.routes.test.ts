import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIST_PAGE_SIZE, NOTIFICATION_KINDS } from '../../../shared/constants';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { member } from '../commands/conversations.fixtures';
import { notify, type NotificationKind } from './notify';

// SPEC §7's five calls: each reader sees, marks and deletes only their own notifications
// (another's id is 404 and leaves the row as it was), counts stay exact, bad input is 422 under
// its field, anonymous is 401, and the state-changing GET needs the XSRF header.

type Member = Awaited<ReturnType<typeof member>>;

describeEachEngine('notifications API', (ctx) => {
  let alice: Member;
  let bob: Member;
  let actor: Member;
  let productId: number;
  let productNames: {
    product_name: string;
    product_name_ar: string | null;
    product_name_fr: string | null;
  };

  beforeAll(async () => {
    [alice, bob, actor] = await Promise.all([
      member(ctx(), 'user', 'Alice'),
      member(ctx(), 'user', 'Bob'),
      member(ctx(), 'user', 'Actor'),
    ]);
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    const product = await createProduct(db, {
      shop_id: await personalShopOf(db, alice.user.id),
      psubcategory_id: sub.id,
      user_id: alice.user.id,
    });
    productId = product.id;
    productNames = {
      product_name: product.name,
      product_name_ar: product.name_ar,
      product_name_fr: product.name_fr,
    };
  });

  /** Writes one notification of each kind in `kinds` to `to`, in that order (one per ms). */
  async function give(to: Member, kinds: readonly NotificationKind[]) {
    for (const kind of kinds) {
      await notify(ctx().app.db, kind, actor.user.id, [to.user.id], {
        product_id: productId,
        type: 'offer',
        ...(kind === 'reacted'
          ? { reactionable_type: 'product', reactionable_id: productId, reaction: 'love' }
          : {}),
      });
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  async function clear(...members: Member[]) {
    for (const m of members)
      await ctx().app.db.deleteFrom('notifications').where('user_id', '=', m.user.id).execute();
  }

  const count = async (client: TestClient) => {
    const res = await client.get('/notifications/unreadnotifications/count');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().count as number;
  };

  const page = async (client: TestClient, body: unknown) => {
    const res = await client.post('/notifications/paginate', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().notifications;
  };

  const rowOf = (id: number) =>
    ctx().app.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers 401 to anonymous callers, before reading the body', async () => {
    const anonymous = ctx().client();
    const calls = [
      anonymous.get('/notifications/unreadnotifications/count'),
      anonymous.post('/notifications/paginate', { type: 'nonsense' }),
      anonymous.get('/notifications/notification/markasread/1'),
      anonymous.put('/notifications/notification/1'),
      anonymous.post('/notifications/all/markallasread/', { type: 'nonsense' }),
      anonymous.post('/notifications/all/markallasread', {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ errors: { global: ['unauthenticated'] } });
    }
  });

  it('counts unread ones, and lists newest first with the type filter', async () => {
    await clear(alice, bob);
    await give(alice, NOTIFICATION_KINDS);
    await give(bob, ['commented']);
    expect(await count(alice.client)).toBe(NOTIFICATION_KINDS.length);
    expect(await count(bob.client)).toBe(1);

    const all = await page(alice.client, { type: 'all', page: 1 });
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: LIST_PAGE_SIZE });
    expect(all.total).toBe(NOTIFICATION_KINDS.length);
    expect(all.to).toBe(NOTIFICATION_KINDS.length);
    expect(all.data.map((n: { type: string }) => n.type)).toEqual(
      [...NOTIFICATION_KINDS].reverse(),
    );
    expect(Object.keys(all.data[0]).sort()).toEqual([
      'created_at',
      'data',
      'id',
      'read_at',
      'type',
    ]);
    expect(all.data.find((n: { type: string }) => n.type === 'reacted').data).toEqual({
      user_id: actor.user.id,
      user_first_name: 'Actor',
      user_last_name: 'user',
      user_photo: null,
      commentable_type: null,
      commentable_id: null,
      reactionable_type: 'product',
      reactionable_id: productId,
      reaction: 'love',
      product_id: productId,
      type: 'offer',
      ...productNames,
      comment_id: null,
      command_id: null,
      search_id: null,
      search_name: null,
      count: null,
      shop_id: null,
      shop_name: null,
      stars: null,
    });

    const kinds = async (type: string) =>
      (await page(alice.client, { type, page: 1 })).data.map((n: { type: string }) => n.type);
    expect(await kinds('comments')).toEqual(['replied', 'commented']);
    expect(await kinds('commands')).toEqual(['accepted', 'commanded']);
    expect(await kinds('reactions')).toEqual(['reacted']);
    // added_offer belongs to no tab but `all`.
    expect(await kinds('all')).toContain('added_offer');
    expect(await kinds('all')).toContain('shop_invitation');
    // The body may be left out or carry null: the first page of all.
    expect((await page(alice.client, undefined)).total).toBe(NOTIFICATION_KINDS.length);
    expect((await page(alice.client, { type: null, page: null })).total).toBe(
      NOTIFICATION_KINDS.length,
    );
  });

  it('pages by LIST_PAGE_SIZE, newest first, and answers an empty page past the end', async () => {
    await clear(alice);
    const total = LIST_PAGE_SIZE + 5;
    const kinds = Array.from({ length: total }, (_, i): NotificationKind =>
      i % 2 ? 'commanded' : 'replied',
    );
    await give(alice, kinds);
    const first = await page(alice.client, { type: 'all', page: 1 });
    const second = await page(alice.client, { type: 'all', page: '2' });
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total, to: LIST_PAGE_SIZE });
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total, to: total });
    expect(first.data).toHaveLength(LIST_PAGE_SIZE);
    expect(second.data).toHaveLength(5);
    const seen = [...first.data, ...second.data].map((n: { id: number }) => n.id);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const dates = [...first.data, ...second.data].map((n: { created_at: string }) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const commands = await page(alice.client, { type: 'commands', page: 1 });
    expect(commands).toMatchObject({ total: 12, last_page: 1, to: 12 });
    expect(await page(alice.client, { type: 'all', page: 3 })).toMatchObject({
      current_page: 3,
      total,
      to: null,
      data: [],
    });
  });

  it('refuses bad input with 422 under its field', async () => {
    for (const [body, errors] of [
      [{ type: 'comment', page: 1 }, { type: ['bad_input'] }],
      [{ type: 'added_offer', page: 1 }, { type: ['bad_input'] }],
      [{ type: 5, page: 1 }, { type: ['bad_input'] }],
      [{ type: 'all', page: 0 }, { page: ['bad_input'] }],
      [{ type: 'all', page: 'two' }, { page: ['bad_input'] }],
      [{ type: 'all', page: 1.5 }, { page: ['bad_input'] }],
    ] as const) {
      const res = await alice.client.post('/notifications/paginate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ errors });
    }
    for (const body of [{ type: 'everything' }, { type: ['all'] }]) {
      const res = await alice.client.post('/notifications/all/markallasread/', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { type: ['bad_input'] } });
    }
    const malformed = await alice.client.post('/notifications/paginate', undefined, {
      payload: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    for (const url of [
      '/notifications/notification/markasread/abc',
      '/notifications/notification/markasread/0',
      '/notifications/notification/markasread/99999999999',
    ]) {
      expect((await alice.client.get(url)).statusCode).toBe(404);
    }
    expect((await alice.client.put('/notifications/notification/-3')).statusCode).toBe(404);
  });

  it('marks one as read, once; another user cannot read, mark or delete it (404)', async () => {
    await clear(alice, bob);
    await give(alice, ['commented', 'replied']);
    const [newer, older] = (await page(alice.client, { type: 'all', page: 1 })).data;
    const untouched = await rowOf(older.id);

    // Bob: 404 for Alice's ids, as for ids that do not exist; her rows do not change.
    for (const res of [
      await bob.client.get(`/notifications/notification/markasread/${older.id}`),
      await bob.client.put(`/notifications/notification/${older.id}`),
      await bob.client.get('/notifications/notification/markasread/2147483647'),
      await bob.client.put('/notifications/notification/2147483647'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
    }
    expect(await rowOf(older.id)).toEqual(untouched);
    expect((await page(bob.client, { type: 'all', page: 1 })).total).toBe(0);
    expect(await count(alice.client)).toBe(2);

    // Without the XSRF header the GET changes nothing: 419.
    const forged = await alice.client.get(`/notifications/notification/markasread/${older.id}`, {
      xsrf: false,
    });
    expect(forged.statusCode).toBe(419);
    expect(forged.json()).toEqual({ errors: { global: ['xsrf_token_mismatch'] } });
    expect(await rowOf(older.id)).toEqual(untouched);

    const res = await alice.client.get(`/notifications/notification/markasread/${older.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const marked = res.json().notification;
    expect(marked).toEqual({ ...older, read_at: expect.any(String) });
    expect(new Date(marked.read_at).toISOString()).toBe(marked.read_at);
    expect(await count(alice.client)).toBe(1);

    // Marking it again keeps the first read_at.
    await new Promise((r) => setTimeout(r, 5));
    const again = await alice.client.get(`/notifications/notification/markasread/${older.id}`);
    expect(again.json().notification.read_at).toBe(marked.read_at);
    expect(await count(alice.client)).toBe(1);
    const listed = (await page(alice.client, { type: 'all', page: 1 })).data;
    expect(listed.map((n: { read_at: string | null }) => n.read_at)).toEqual([
      null,
      marked.read_at,
    ]);
    expect(listed[0].id).toBe(newer.id);
  });

  it('deletes with the PUT (204); the list and the count lose it; others get 404', async () => {
    await clear(alice, bob);
    await give(alice, ['commanded', 'accepted', 'reacted']);
    await give(bob, ['commanded']);
    const [reacted, accepted] = (await page(alice.client, { type: 'all', page: 1 })).data;
    const bobs = (await page(bob.client, { type: 'all', page: 1 })).data[0];

    expect((await alice.client.put(`/notifications/notification/${bobs.id}`)).statusCode).toBe(404);
    expect(await rowOf(bobs.id)).toBeDefined();

    const res = await alice.client.put(`/notifications/notification/${reacted.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(reacted.id)).toBeUndefined();
    expect(await count(alice.client)).toBe(2);
    // A read one deleted: the unread count does not move.
    await alice.client.get(`/notifications/notification/markasread/${accepted.id}`);
    expect(await count(alice.client)).toBe(1);
    const withBody = await alice.client.put(`/notifications/notification/${accepted.id}`, {});
    expect(withBody.statusCode).toBe(204);
    expect(await count(alice.client)).toBe(1);
    expect((await page(alice.client, { type: 'all', page: 1 })).total).toBe(1);
    // Gone is gone: again, or marking it, is 404.
    expect((await alice.client.put(`/notifications/notification/${reacted.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await alice.client.get(`/notifications/notification/markasread/${reacted.id}`)).statusCode,
    ).toBe(404);
    expect(await count(bob.client)).toBe(1);
  });

  it('marks all as read within a type, with or without the trailing slash', async () => {
    await clear(alice, bob);
    await give(alice, [...NOTIFICATION_KINDS, 'commented', 'commanded']);
    await give(bob, NOTIFICATION_KINDS);
    const kinds = NOTIFICATION_KINDS.length;
    expect(await count(alice.client)).toBe(kinds + 2);

    const mark = async (type: string | undefined, url = '/notifications/all/markallasread/') => {
      const res = await alice.client.post(url, type === undefined ? undefined : { type });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    expect(await mark('comments')).toBe(3);
    expect(await count(alice.client)).toBe(kinds - 1);
    expect(await mark('comments')).toBe(0);
    expect(await mark('reactions', '/notifications/all/markallasread')).toBe(1);
    expect(await count(alice.client)).toBe(kinds - 2);
    const unread = (await page(alice.client, { type: 'all', page: 1 })).data
      .filter((n: { read_at: string | null }) => n.read_at === null)
      .map((n: { type: string }) => n.type)
      .sort();
    expect(unread).toEqual([
      'accepted',
      'added_offer',
      'commanded',
      'commanded',
      'listing_expiring',
      'moderation_deleted',
      'moderation_hidden',
      'moderation_restored',
      'moderation_review',
      'rated',
      'rating_answered',
      'saved_sold',
      'search_match',
      'shop_invitation',
    ]);

    // Bob's were never touched.
    expect(await count(bob.client)).toBe(NOTIFICATION_KINDS.length);

    // Marking one read first: mark-all counts only those it changed.
    const one = (await page(alice.client, { type: 'commands', page: 1 })).data[0];
    await alice.client.get(`/notifications/notification/markasread/${one.id}`);
    expect(await mark('commands')).toBe(2);
    // Left out, the type is all: what remains is the added offer, the shop invitation, the
    // saved search's match, the four moderation outcomes, the two listing ones (expiring,
    // saved offer sold), the shop's new rating and its answer, which belong to no tab.
    expect(await mark(undefined)).toBe(11);
    expect(await count(alice.client)).toBe(0);
    expect(await mark('all')).toBe(0);
    expect(await count(bob.client)).toBe(NOTIFICATION_KINDS.length);

    // Read stays read: a new one is the only unread.
    await give(alice, ['replied']);
    expect(await count(alice.client)).toBe(1);
  });

  it('counts unread ones from the (user_id, read_at) index, not from every notification', async () => {
    const db = ctx().app.db;
    const query = sql`select count(*) from notifications where user_id = ${alice.user.id} and read_at is null`;
    if (ctx().engine === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain(
        'COVERING INDEX notifications_user_unread',
      );
    } else {
      const indexes = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where indexname = 'notifications_user_unread'`.execute(db);
      expect(indexes.rows[0]?.indexdef).toContain('(user_id, read_at)');
    }
  });

  it('needs the XSRF header on the writes', async () => {
    await clear(alice);
    await give(alice, ['commented']);
    const [note] = (await page(alice.client, { type: 'all', page: 1 })).data;
    for (const res of [
      await alice.client.put(`/notifications/notification/${note.id}`, undefined, { xsrf: false }),
      await alice.client.post(
        '/notifications/all/markallasread/',
        { type: 'all' },
        { xsrf: false },
      ),
    ]) {
      expect(res.statusCode).toBe(419);
    }
    expect(await count(alice.client)).toBe(1);
    expect(await rowOf(note.id)).toMatchObject({ read_at: null });
  });
});
