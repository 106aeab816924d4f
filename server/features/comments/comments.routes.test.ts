import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import {
  notificationsAbout,
  productCounters,
  world,
  type World,
} from '../commands/conversations.fixtures';
import { now } from '../../db/connect';

const COMMENT_KEYS = [
  'angry_count',
  'command_id',
  'commentable_id',
  'commentable_type',
  'comments_count',
  'created_at',
  'depth',
  'haha_count',
  'id',
  'like_count',
  'love_count',
  'parent_id',
  'product_id',
  'reaction',
  'sad_count',
  'text',
  'updated_at',
  'user',
  'user_id',
  'wow_count',
];

type Actor = World['buyer'];
async function comment(actor: Actor, type: string, id: number, text = 'salam') {
  const res = await actor.client.post(`/comments/create/${type}/${id}`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment as { id: number; depth: number; comments_count: number };
}

const countOf = async (w: World, table: 'products' | 'commands' | 'comments', id: number) =>
  (
    await w.db
      .selectFrom(table)
      .select('comments_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).comments_count;

describeEachEngine('comments', (ctx) => {
  it('comments on a product with every key, counts it and tells the shop staff', async () => {
    const w = await world(ctx());
    const res = await w.buyer.client.post(`/comments/create/product/${w.product.id}`, {
      text: '  Est-il encore disponible ?  ',
    });
    expect(res.statusCode).toBe(201);
    const c = res.json().comment;
    expect(Object.keys(c).sort()).toEqual(COMMENT_KEYS);
    expect(c).toMatchObject({
      user_id: w.buyer.user.id,
      user: { id: w.buyer.user.id, first_name: 'Buyer', last_name: 'user', photo: null },
      text: 'Est-il encore disponible ?',
      comments_count: 0,
      depth: 1,
      commentable_type: 'product',
      commentable_id: w.product.id,
      product_id: w.product.id,
      command_id: null,
      parent_id: null,
      like_count: 0,
      reaction: null,
    });
    expect(Object.keys(c.user).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'photo',
      'photo_small_url',
      'photo_url',
    ]);
    expect((await productCounters(w.db, w.product.id)).comments_count).toBe(1);

    const notes = await notificationsAbout(w.db, w.product.id);
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [w.owner, w.shopAdmin, w.shopModerator, w.employee].map((u) => u.user.id).sort(),
    );
    expect(notes[0]).toEqual({
      user_id: expect.any(Number),
      type: 'commented',
      data: {
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        user_last_name: 'user',
        user_photo: null,
        commentable_type: 'product',
        commentable_id: w.product.id,
        product_id: w.product.id,
        type: 'offer',
        product_name: w.product.name,
        product_name_ar: w.product.name_ar,
        product_name_fr: w.product.name_fr,
        comment_id: c.id,
      },
    });
  });

  it('replies under a comment: depth grows, the parent counts it, its author hears of it', async () => {
    const w = await world(ctx(), { product: { type: 'demand', offer_type: 'buy' } });
    const top = await comment(w.buyer, 'product', w.product.id);
    const before = (await notificationsAbout(w.db, w.product.id)).length;
    const res = await w.owner.client.post(`/comments/create/comment/${top.id}`, { text: 'oui' });
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toMatchObject({
      depth: 2,
      commentable_type: 'comment',
      commentable_id: top.id,
      parent_id: top.id,
      product_id: w.product.id,
      command_id: null,
    });
    expect(await countOf(w, 'comments', top.id)).toBe(1);
    expect(await countOf(w, 'products', w.product.id)).toBe(1);
    const notes = (await notificationsAbout(w.db, w.product.id)).slice(before);
    expect(notes).toEqual([
      {
        user_id: w.buyer.user.id,
        type: 'replied',
        data: expect.objectContaining({
          user_id: w.owner.user.id,
          commentable_type: 'comment',
          commentable_id: top.id,
          product_id: w.product.id,
          type: 'demand',
          comment_id: res.json().comment.id,
        }),
      },
    ]);
    // Replying to oneself tells nobody.
    await comment(w.buyer, 'comment', top.id);
    expect((await notificationsAbout(w.db, w.product.id)).slice(before)).toHaveLength(1);
  });

  it('nests 3 levels under a product and refuses the 4th', async () => {
    const w = await world(ctx());
    const one = await comment(w.buyer, 'product', w.product.id);
    const two = await comment(w.stranger, 'comment', one.id);
    const three = await comment(w.buyer, 'comment', two.id);
    expect([one.depth, two.depth, three.depth]).toEqual([1, 2, 3]);
    const four = await w.stranger.client.post(`/comments/create/comment/${three.id}`, {
      text: 'trop loin',
    });
    expect(four.statusCode).toBe(422);
    expect(four.json()).toEqual({ errors: { global: ['max_depth'] } });
    expect(await countOf(w, 'comments', three.id)).toBe(0);
    const rows = await w.db
      .selectFrom('comments')
      .select('id')
      .where('product_id', '=', w.product.id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('nests 2 levels under a command and refuses the 3rd', async () => {
    const w = await world(ctx());
    const cmd = (await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {})).json()
      .command;
    const one = await comment(w.shopModerator, 'command', cmd.id);
    expect(one).toMatchObject({ depth: 1, command_id: cmd.id, commentable_type: 'command' });
    const two = await comment(w.buyer, 'comment', one.id);
    expect(two).toMatchObject({ depth: 2, command_id: cmd.id, parent_id: one.id });
    const three = await w.owner.client.post(`/comments/create/comment/${two.id}`, { text: 'x' });
    expect(three.statusCode).toBe(422);
    expect(three.json()).toEqual({ errors: { global: ['max_depth'] } });
    expect(await countOf(w, 'commands', cmd.id)).toBe(1);
    expect(await countOf(w, 'products', w.product.id)).toBe(0);
  });

  it('tells the command author and the shop staff of a comment on a command, never the actor', async () => {
    const w = await world(ctx());
    const cmd = (await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {})).json()
      .command;
    const before = (await notificationsAbout(w.db, w.product.id)).length;
    const c = await comment(w.owner, 'command', cmd.id);
    const notes = (await notificationsAbout(w.db, w.product.id)).slice(before);
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [w.buyer, w.shopAdmin, w.shopModerator, w.employee].map((u) => u.user.id).sort(),
    );
    expect(notes[0]).toMatchObject({
      type: 'commented',
      data: {
        commentable_type: 'command',
        commentable_id: cmd.id,
        command_id: cmd.id,
        comment_id: c.id,
        product_id: w.product.id,
        type: 'offer',
      },
    });
  });

  it('lists three at a time, newest first, with the parent count as total', async () => {
    const w = await world(ctx());
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await comment(w.buyer, 'product', w.product.id, `c${i}`)).id);
    const replies: number[] = [];
    for (let i = 0; i < 4; i++)
      replies.push((await comment(w.owner, 'comment', ids[0], `r${i}`)).id);
    const newest = [...ids].reverse();

    const page = async (path: string, body?: object) => {
      const res = await w.anonymous.post(path, body);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['comments', 'total']);
      return res.json() as { comments: { id: number }[]; total: number };
    };
    const productPath = `/comments/product/${w.product.id}`;
    const first = await page(productPath);
    expect(first.total).toBe(7);
    expect(first.comments.map((c) => c.id)).toEqual(newest.slice(0, 3));
    expect(Object.keys(first.comments[0]).sort()).toEqual(COMMENT_KEYS);
    expect((await page(productPath, { offset: 3 })).comments.map((c) => c.id)).toEqual(
      newest.slice(3, 6),
    );
    expect((await page(productPath, { offset: 6 })).comments.map((c) => c.id)).toEqual(
      newest.slice(6),
    );
    expect((await page(productPath, { limit: 10 })).comments).toHaveLength(7);

    const replyPage = await page(`/comments/comment/${ids[0]}`, { limit: 3, offset: 0 });
    expect(replyPage.total).toBe(4);
    expect(replyPage.comments.map((c) => c.id)).toEqual([...replies].reverse().slice(0, 3));
    const oldest = await page(`/comments/comment/${ids[0]}`, { offset: 3 });
    expect(oldest.comments.map((c) => c.id)).toEqual([replies[0]]);
    // The product list holds only its direct comments; its count too.
    expect((await page(productPath, { limit: 50 })).comments).toHaveLength(7);

    const bad = await w.anonymous.post(productPath, { limit: 51, offset: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ limit: ['bad_input'], offset: ['bad_input'] });
  });

  it('shows each viewer their own reaction and the counts per kind', async () => {
    const w = await world(ctx());
    const c = await comment(w.stranger, 'product', w.product.id);
    await w.db
      .insertInto('reactions')
      .values({
        user_id: w.buyer.user.id,
        reactionable_type: 'comment',
        reactionable_id: c.id,
        comment_id: c.id,
        name: 'love',
        created_at: now(),
      })
      .execute();
    await w.db.updateTable('comments').set({ love_count: 1 }).where('id', '=', c.id).execute();
    const seen = async (client: World['anonymous']) =>
      (await client.post(`/comments/product/${w.product.id}`)).json().comments[0];
    expect(await seen(w.buyer.client)).toMatchObject({ love_count: 1, reaction: 'love' });
    expect(await seen(w.stranger.client)).toMatchObject({ love_count: 1, reaction: null });
    expect(await seen(w.anonymous)).toMatchObject({ love_count: 1, reaction: null });
  });

  it('refuses empty, blank, missing, non-text or overlong text under `text`', async () => {
    const w = await world(ctx());
    const target = await comment(w.buyer, 'product', w.product.id);
    const url = `/comments/create/product/${w.product.id}`;
    for (const [body, key] of [
      [{ text: '' }, 'required'],
      [{ text: '  \n\t ' }, 'required'],
      [{}, 'required'],
      [{ text: 42 }, 'bad_input'],
      [{ text: 'x'.repeat(5001) }, 'bad_input'],
    ] as const) {
      const res = await w.buyer.client.post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json().errors).toEqual({ text: [key] });
      const edit = await w.buyer.client.put(`/comments/${target.id}`, body);
      expect(edit.statusCode).toBe(422);
      expect(edit.json().errors).toEqual({ text: [key] });
    }
    expect(await countOf(w, 'products', w.product.id)).toBe(1);
    const longest = await w.buyer.client.post(url, { text: 'x'.repeat(5000) });
    expect(longest.statusCode).toBe(201);
  });

  it('edits the text and answers a single comment', async () => {
    const w = await world(ctx());
    const c = await comment(w.buyer, 'product', w.product.id);
    const res = await w.buyer.client.put(`/comments/${c.id}`, { text: ' corrigé ' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().comment).sort()).toEqual(COMMENT_KEYS);
    expect(res.json().comment).toMatchObject({ id: c.id, text: 'corrigé', depth: 1 });
    const single = await w.anonymous.get(`/comments/comment/${c.id}`);
    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual({ comment: res.json().comment });
  });

  it('deletes a comment with its replies; the parent loses one, counts match the rows', async () => {
    const w = await world(ctx());
    const top = await comment(w.buyer, 'product', w.product.id);
    const keep = await comment(w.buyer, 'product', w.product.id);
    const r1 = await comment(w.owner, 'comment', top.id);
    const r2 = await comment(w.stranger, 'comment', top.id);
    await comment(w.buyer, 'comment', r1.id);
    const k1 = await comment(w.owner, 'comment', keep.id);
    const k2 = await comment(w.buyer, 'comment', k1.id);

    // A reply goes: its parent loses one.
    expect((await w.stranger.client.delete(`/comments/${r2.id}`)).statusCode).toBe(204);
    expect(await countOf(w, 'comments', top.id)).toBe(1);
    // A thread goes: the product loses one, every reply under it goes too.
    const res = await w.buyer.client.delete(`/comments/${top.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const left = await w.db
      .selectFrom('comments')
      .select(['id', 'commentable_type', 'commentable_id', 'comments_count'])
      .where('product_id', '=', w.product.id)
      .execute();
    expect(left.map((c) => c.id).sort((a, b) => a - b)).toEqual([keep.id, k1.id, k2.id]);
    expect(await countOf(w, 'products', w.product.id)).toBe(
      left.filter((c) => c.commentable_type === 'product').length,
    );
    for (const c of left) {
      expect(c.comments_count).toBe(
        left.filter((x) => x.commentable_type === 'comment' && x.commentable_id === c.id).length,
      );
    }
    expect((await w.buyer.client.delete(`/comments/${top.id}`)).statusCode).toBe(404);
    expect((await w.anonymous.get(`/comments/comment/${r1.id}`)).statusCode).toBe(404);
  });

  it('keeps comments_count exact under 20 concurrent comments and deletes', async () => {
    const w = await world(ctx());
    const actors = [w.buyer, w.stranger, w.siteAdmin, w.owner];
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        actors[i % 4].client.post(`/comments/create/product/${w.product.id}`, { text: `n${i}` }),
      ),
    );
    expect(made.every((r) => r.statusCode === 201)).toBe(true);
    expect(await countOf(w, 'products', w.product.id)).toBe(20);
    const ids = made.map((r) => r.json().comment.id as number);
    const deletes = await Promise.all([
      ...ids.slice(0, 10).map((id) => w.siteAdmin.client.delete(`/comments/${id}`)),
      ...ids.slice(0, 10).map((id) => w.siteAdmin.client.delete(`/comments/${id}`)),
      ...ids
        .slice(10)
        .map((id) => w.buyer.client.post(`/comments/create/comment/${id}`, { text: 'r' })),
    ]);
    expect(deletes.slice(0, 20).filter((r) => r.statusCode === 204)).toHaveLength(10);
    expect(await countOf(w, 'products', w.product.id)).toBe(10);
    for (const id of ids.slice(10)) expect(await countOf(w, 'comments', id)).toBe(1);
  });
});
