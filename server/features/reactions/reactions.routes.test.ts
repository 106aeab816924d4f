import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { now } from '../../db/connect';
import { REACTION_KINDS } from '../../../shared/constants';
import { addEmployee, manyUsers, signIn } from '../products/products.test-helpers';

describeEachEngine('reactions', (ctx) => {
  let subId: number;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let staff: Awaited<ReturnType<typeof signIn>>;
  let shopId: number;

  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db)).id;
    owner = await signIn(ctx());
    staff = await signIn(ctx());
    shopId = await personalShopOf(db, owner.user.id);
    await addEmployee(db, shopId, staff.user.id, 'employee');
  });

  const product = () =>
    createProduct(ctx().app.db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: owner.user.id,
    });

  async function comment(productId: number, userId: number) {
    const at = now();
    return ctx()
      .app.db.insertInto('comments')
      .values({
        user_id: userId,
        commentable_type: 'product',
        commentable_id: productId,
        product_id: productId,
        text: 'nice',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async function command(productId: number, userId: number) {
    const at = now();
    return ctx()
      .app.db.insertInto('commands')
      .values({ user_id: userId, product_id: productId, number: 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  const TABLES = { product: 'products', comment: 'comments', command: 'commands' } as const;

  /** The target's counters, and the same counted from the reaction rows. */
  async function counters(type: keyof typeof TABLES, id: number) {
    const db = ctx().app.db;
    const row = await db
      .selectFrom(TABLES[type] as 'products')
      .select(['like_count', 'haha_count', 'love_count', 'wow_count', 'sad_count', 'angry_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('reactions')
      .select('name')
      .where('reactionable_type', '=', type)
      .where('reactionable_id', '=', id)
      .execute();
    const counted = Object.fromEntries(
      REACTION_KINDS.map((k) => [`${k}_count`, rows.filter((r) => r.name === k).length]),
    );
    return { row: { ...row }, counted };
  }

  async function reactedNotifications(userId: number) {
    const rows = await ctx()
      .app.db.selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', userId)
      .where('type', '=', 'reacted')
      .orderBy('id')
      .execute();
    return rows.map((r) => JSON.parse(r.data));
  }

  it('adds, replaces and takes back a reaction on a product', async () => {
    const { id } = await product();
    const { client, user } = await signIn(ctx());
    const like = await client.post(`/reactions/create/product/${id}`, { name: 'like' });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({
      reactionable: {
        id,
        type: 'product',
        like_count: 1,
        haha_count: 0,
        love_count: 0,
        wow_count: 0,
        sad_count: 0,
        angry_count: 0,
        reactions_count: 1,
        top: ['like'],
        reaction: 'like',
      },
    });
    const love = await client.post(`/reactions/create/product/${id}`, { name: 'love' });
    expect(love.json().reactionable).toMatchObject({
      like_count: 0,
      love_count: 1,
      reactions_count: 1,
      top: ['love'],
      reaction: 'love',
    });
    expect((await client.get(`/products/product/${id}`)).json().product).toMatchObject({
      reaction: 'love',
      love_count: 1,
      reactions_count: 1,
    });
    const back = await client.post(`/reactions/create/product/${id}`, { name: 'love' });
    expect(back.json().reactionable).toMatchObject({
      love_count: 0,
      reactions_count: 0,
      top: [],
      reaction: null,
    });
    // The shop's staff heard of the like, then of the change in the same notification (issue 35
    // item 14), and not of the taking back.
    for (const member of [owner, staff]) {
      const notes = (await reactedNotifications(member.user.id)).filter(
        (n) => n.reactionable_id === id,
      );
      expect(notes.map((n) => n.reaction)).toEqual(['love']);
      expect(notes[0]).toMatchObject({
        user_id: user.id,
        reactionable_type: 'product',
        product_id: id,
        type: 'offer',
      });
    }
    expect(await reactedNotifications(user.id)).toEqual([]);
  });

  it('keeps one notification per person and target, updated in place, unread again (issue 35 item 14)', async () => {
    const { id } = await product();
    const { client, user } = await signIn(ctx());
    const other = await signIn(ctx());
    const db = ctx().app.db;
    const rowsOf = (userId: number) =>
      db
        .selectFrom('notifications')
        .select(['id', 'type', 'data', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('type', '=', 'reacted')
        .execute()
        .then((rows) => rows.filter((r) => JSON.parse(r.data).reactionable_id === id));

    expect(
      (await client.post(`/reactions/create/product/${id}`, { name: 'like' })).statusCode,
    ).toBe(200);
    const [first] = await rowsOf(owner.user.id);
    // The owner reads it; the next change makes it unread again, at a later time.
    const read = await owner.client.get(`/notifications/notification/markasread/${first.id}`);
    expect(read.json().notification.read_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    for (const name of ['love', 'haha', 'wow', 'sad', 'angry'] as const) {
      expect((await client.post(`/reactions/create/product/${id}`, { name })).statusCode).toBe(200);
    }
    for (const member of [owner, staff]) {
      const rows = await rowsOf(member.user.id);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0].data)).toMatchObject({ user_id: user.id, reaction: 'angry' });
      expect(rows[0].read_at).toBeNull();
    }
    const [updated] = await rowsOf(owner.user.id);
    expect(updated.id).toBe(first.id);
    expect(Date.parse(updated.created_at)).toBeGreaterThan(Date.parse(first.created_at));
    // The list shows it once, first, as unread; the bell counts it.
    const list = (await owner.client.post('/notifications/paginate', { page: 1 })).json()
      .notifications.data;
    expect(list.filter((n: { id: number }) => n.id === first.id)).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, read_at: null, data: { reaction: 'angry' } });

    // Another person's reaction to the same target is another notification; taking one back
    // and reacting again still updates the same one.
    await other.client.post(`/reactions/create/product/${id}`, { name: 'like' });
    await client.post(`/reactions/create/product/${id}`, { name: 'angry' });
    await client.post(`/reactions/create/product/${id}`, { name: 'like' });
    const rows = await rowsOf(owner.user.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [JSON.parse(r.data).user_id, JSON.parse(r.data).reaction])).toEqual(
      expect.arrayContaining([
        [user.id, 'like'],
        [other.user.id, 'like'],
      ]),
    );
    expect(rows.find((r) => JSON.parse(r.data).user_id === user.id)!.id).toBe(first.id);
  });

  it('writes one notification when the same person changes a reaction from two requests at once', async () => {
    const { id } = await product();
    const { client, user } = await signIn(ctx());
    await Promise.all(
      (['like', 'love', 'haha', 'wow'] as const).map((name) =>
        client.post(`/reactions/create/product/${id}`, { name }),
      ),
    );
    const notes = (await reactedNotifications(owner.user.id)).filter(
      (n) => n.reactionable_id === id && n.user_id === user.id,
    );
    expect(notes).toHaveLength(1);
  });

  it('never notifies the actor: the shop staff reacting to their own product', async () => {
    const { id } = await product();
    await owner.client.post(`/reactions/create/product/${id}`, { name: 'wow' });
    const ownerNotes = (await reactedNotifications(owner.user.id)).filter(
      (n) => n.reactionable_id === id,
    );
    expect(ownerNotes).toEqual([]);
    const staffNotes = (await reactedNotifications(staff.user.id)).filter(
      (n) => n.reactionable_id === id,
    );
    expect(staffNotes).toHaveLength(1);
  });

  it('reacts to comments and commands, and tells their author', async () => {
    const { id: productId } = await product();
    const author = await signIn(ctx());
    const { client, user } = await signIn(ctx());
    for (const [type, target] of [
      ['comment', await comment(productId, author.user.id)],
      ['command', await command(productId, author.user.id)],
    ] as const) {
      const res = await client.post(`/reactions/create/${type}/${target.id}`, { name: 'haha' });
      expect(res.statusCode).toBe(200);
      expect(res.json().reactionable).toMatchObject({
        id: target.id,
        type,
        haha_count: 1,
        reaction: 'haha',
      });
      const notes = await reactedNotifications(author.user.id);
      expect(notes.at(-1)).toMatchObject({
        user_id: user.id,
        reactionable_type: type,
        reactionable_id: target.id,
        reaction: 'haha',
        product_id: productId,
        type: 'offer',
        [`${type}_id`]: target.id,
      });
      // The shop is not the author of a comment or a command.
      expect(
        (await reactedNotifications(owner.user.id)).filter((n) => n.reactionable_type === type),
      ).toEqual([]);
    }
  });

  it('ranks the top three kinds by count', async () => {
    const { id } = await product();
    const users = await manyUsers(ctx(), 6);
    const kinds = ['sad', 'angry', 'angry', 'wow', 'wow', 'wow'];
    for (const [i, { client }] of users.entries()) {
      await client.post(`/reactions/create/product/${id}`, { name: kinds[i] });
    }
    const extra = await signIn(ctx());
    const res = await extra.client.post(`/reactions/create/product/${id}`, { name: 'like' });
    expect(res.json().reactionable).toMatchObject({
      reactions_count: 7,
      top: ['wow', 'angry', 'like'],
    });
  });

  it('answers 422 to a bad name or type, 404 to an unknown target, 401 to anonymous', async () => {
    const { id } = await product();
    const { client } = await signIn(ctx());
    const badName = await client.post(`/reactions/create/product/${id}`, { name: 'meh' });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors).toEqual({ name: ['bad_input'] });
    const noName = await client.post(`/reactions/create/product/${id}`, {});
    expect(noName.json().errors).toEqual({ name: ['required'] });
    const badType = await client.post(`/reactions/create/shop/${id}`, { name: 'like' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toEqual({ type: ['bad_input'] });
    for (const type of ['product', 'comment', 'command']) {
      const res = await client.post(`/reactions/create/${type}/999999`, { name: 'like' });
      expect(res.statusCode).toBe(404);
    }
    expect((await client.post('/reactions/create/product/abc', { name: 'like' })).statusCode).toBe(
      404,
    );
    const anonymous = await ctx()
      .client()
      .post(`/reactions/create/product/${id}`, { name: 'like' });
    expect(anonymous.statusCode).toBe(401);
    expect(await counters('product', id)).toMatchObject({ row: { like_count: 0 } });
  });

  it('keeps every counter equal to its rows under 50 users reacting at once', async () => {
    const { id } = await product();
    const { id: commentId } = await comment(id, owner.user.id);
    const users = await manyUsers(ctx(), 50);
    // Each user fires a burst at the product and the comment: some add, some change, some
    // take back, some twice at the very same moment.
    await Promise.all(
      users.flatMap(({ client }, i) => {
        const a = REACTION_KINDS[i % 6];
        const b = REACTION_KINDS[(i + 1) % 6];
        return [
          client.post(`/reactions/create/product/${id}`, { name: a }),
          client.post(`/reactions/create/product/${id}`, { name: i % 3 ? b : a }),
          client.post(`/reactions/create/product/${id}`, { name: b }),
          client.post(`/reactions/create/comment/${commentId}`, { name: a }),
          client.post(`/reactions/create/comment/${commentId}`, { name: a }),
        ];
      }),
    );
    const p = await counters('product', id);
    expect(p.row).toEqual(p.counted);
    const c = await counters('comment', commentId);
    expect(c.row).toEqual(c.counted);
    const rows = await ctx()
      .app.db.selectFrom('reactions')
      .select(['user_id'])
      .where('reactionable_type', '=', 'product')
      .where('reactionable_id', '=', id)
      .execute();
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
    // Then each takes back whatever they have: everything returns to zero.
    await Promise.all(
      users.map(async ({ client }) => {
        const shown = await client.get(`/products/product/${id}`);
        const mine = shown.json().product.reaction;
        if (mine) await client.post(`/reactions/create/product/${id}`, { name: mine });
      }),
    );
    const after = await counters('product', id);
    expect(after.row).toEqual(after.counted);
    expect(Object.values(after.row).every((n) => n === 0)).toBe(true);
  });
});
