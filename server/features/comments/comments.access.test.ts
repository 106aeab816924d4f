import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { world, type World } from '../commands/conversations.fixtures';

// SPEC §6: who may comment where, edit and delete; DESIGN §6: private commands' threads.

const SHOP_MANAGERS = ['owner', 'shopAdmin', 'shopModerator'] as const;
const OUTSIDERS = ['stranger', 'employee', 'siteModerator'] as const;

async function newCommand(w: World, body: object = {}) {
  const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, body);
  expect(res.statusCode).toBe(201);
  return res.json().command as { id: number };
}

describeEachEngine('comment permissions', (ctx) => {
  it('answers 401 to anonymous writes and lets anyone read', async () => {
    const w = await world(ctx());
    const c = (
      await w.buyer.client.post(`/comments/create/product/${w.product.id}`, { text: 'a' })
    ).json().comment;
    const anon = w.anonymous;
    expect((await anon.post(`/comments/create/product/${w.product.id}`, {})).statusCode).toBe(401);
    expect((await anon.post(`/comments/create/comment/${c.id}`, { text: 'a' })).statusCode).toBe(
      401,
    );
    expect((await anon.put(`/comments/${c.id}`, { text: 'b' })).statusCode).toBe(401);
    expect((await anon.delete(`/comments/${c.id}`)).statusCode).toBe(401);
    expect((await anon.post(`/comments/product/${w.product.id}`)).statusCode).toBe(200);
    expect((await anon.post(`/comments/comment/${c.id}`)).statusCode).toBe(200);
  });

  it('answers 404 to unknown targets and types', async () => {
    const w = await world(ctx());
    const u = w.buyer.client;
    for (const type of ['product', 'comment', 'command']) {
      expect((await u.post(`/comments/${type}/999999`)).statusCode, type).toBe(404);
      expect((await u.post(`/comments/create/${type}/999999`, { text: 'a' })).statusCode).toBe(404);
    }
    expect((await u.post(`/comments/shop/${w.product.id}`)).statusCode).toBe(404);
    expect((await u.post(`/comments/create/user/1`, { text: 'a' })).statusCode).toBe(404);
    expect((await u.put('/comments/999999', { text: 'a' })).statusCode).toBe(404);
    expect((await u.delete('/comments/999999')).statusCode).toBe(404);
    expect((await u.get('/comments/comment/999999')).statusCode).toBe(404);
  });

  it('lets only the author or a site admin edit or delete a comment', async () => {
    const w = await world(ctx());
    const c = (
      await w.buyer.client.post(`/comments/create/product/${w.product.id}`, { text: 'a' })
    ).json().comment;
    for (const who of [...SHOP_MANAGERS, ...OUTSIDERS]) {
      const put = await w[who].client.put(`/comments/${c.id}`, { text: 'hacked' });
      expect(put.statusCode, who).toBe(403);
      expect(put.json()).toEqual({ errors: { global: ['forbidden'] } });
      expect((await w[who].client.delete(`/comments/${c.id}`)).statusCode, who).toBe(403);
    }
    expect((await w.buyer.client.put(`/comments/${c.id}`, { text: 'b' })).statusCode).toBe(200);
    expect((await w.siteAdmin.client.put(`/comments/${c.id}`, { text: 'c' })).statusCode).toBe(200);
    expect((await w.siteAdmin.client.delete(`/comments/${c.id}`)).statusCode).toBe(204);
  });

  it('lets anyone signed in comment on a product and reply there', async () => {
    const w = await world(ctx());
    const top = (
      await w.buyer.client.post(`/comments/create/product/${w.product.id}`, { text: 'a' })
    ).json().comment;
    for (const who of [...SHOP_MANAGERS, ...OUTSIDERS, 'siteAdmin'] as const) {
      const res = await w[who].client.post(`/comments/create/comment/${top.id}`, { text: who });
      expect(res.statusCode, who).toBe(201);
    }
  });

  it('keeps a command thread to the site admin, its author and the shop managers', async () => {
    const w = await world(ctx());
    const cmd = await newCommand(w);
    const first = await w.buyer.client.post(`/comments/create/command/${cmd.id}`, { text: 'q' });
    expect(first.statusCode).toBe(201);
    for (const who of [...SHOP_MANAGERS, 'siteAdmin'] as const) {
      expect(
        (await w[who].client.post(`/comments/create/command/${cmd.id}`, { text: who })).statusCode,
        who,
      ).toBe(201);
    }
    const top = first.json().comment;
    for (const who of OUTSIDERS) {
      const direct = await w[who].client.post(`/comments/create/command/${cmd.id}`, { text: 'x' });
      expect(direct.statusCode, who).toBe(403);
      const reply = await w[who].client.post(`/comments/create/comment/${top.id}`, { text: 'x' });
      expect(reply.statusCode, who).toBe(403);
    }
    expect(
      (await w.shopModerator.client.post(`/comments/create/comment/${top.id}`, { text: 'r' }))
        .statusCode,
    ).toBe(201);
    // A public command's thread is readable by all.
    const list = await w.anonymous.post(`/comments/command/${cmd.id}`);
    expect(list.json().total).toBe(5);
  });

  it("hides a private command's thread from those who cannot see the command", async () => {
    const w = await world(ctx());
    const cmd = await newCommand(w, { private: 'yes' });
    const top = (
      await w.owner.client.post(`/comments/create/command/${cmd.id}`, { text: 'prix ?' })
    ).json().comment;
    for (const who of ['stranger', 'employee', 'siteModerator'] as const) {
      const c = w[who].client;
      expect((await c.post(`/comments/command/${cmd.id}`)).statusCode, who).toBe(404);
      expect((await c.post(`/comments/comment/${top.id}`)).statusCode, who).toBe(404);
      expect((await c.get(`/comments/comment/${top.id}`)).statusCode, who).toBe(404);
      expect((await c.post(`/comments/create/command/${cmd.id}`, { text: 'x' })).statusCode).toBe(
        404,
      );
      expect((await c.post(`/comments/create/comment/${top.id}`, { text: 'x' })).statusCode).toBe(
        404,
      );
      expect((await c.put(`/comments/${top.id}`, { text: 'x' })).statusCode).toBe(404);
    }
    expect((await w.anonymous.post(`/comments/command/${cmd.id}`)).statusCode).toBe(404);
    for (const who of ['buyer', 'shopModerator', 'siteAdmin'] as const) {
      const res = await w[who].client.post(`/comments/command/${cmd.id}`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().comments.map((c: { id: number }) => c.id)).toEqual([top.id]);
    }
  });

  it('tells only the author and the shop managers of a comment on a private command', async () => {
    const w = await world(ctx());
    const cmd = await newCommand(w, { private: 'yes' });
    await w.db.deleteFrom('notifications').execute();
    await w.siteAdmin.client.post(`/comments/create/command/${cmd.id}`, { text: 'vu' });
    const notes = await w.db.selectFrom('notifications').select(['user_id', 'type']).execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [w.buyer, ...SHOP_MANAGERS.map((k) => w[k])].map((u) => u.user.id).sort(),
    );
    expect(notes.every((n) => n.type === 'commented')).toBe(true);
  });

  it('answers 404 (never 500) to replies racing the deletion of their parent', async () => {
    const w = await world(ctx());
    const top = (
      await w.buyer.client.post(`/comments/create/product/${w.product.id}`, { text: 'a' })
    ).json().comment;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () =>
        w.stranger.client.post(`/comments/create/comment/${top.id}`, { text: 'r' }),
      ),
      w.buyer.client.delete(`/comments/${top.id}`),
      ...Array.from({ length: 8 }, () =>
        w.owner.client.post(`/comments/create/comment/${top.id}`, { text: 'r' }),
      ),
    ]);
    for (const r of results) expect([201, 204, 404]).toContain(r.statusCode);
    const left = await w.db
      .selectFrom('comments')
      .select('id')
      .where('product_id', '=', w.product.id)
      .execute();
    expect(left).toEqual([]);
    const product = await w.db
      .selectFrom('products')
      .select('comments_count')
      .where('id', '=', w.product.id)
      .executeTakeFirstOrThrow();
    expect(product.comments_count).toBe(0);
  });

  it('answers 404 to a reply whose parent is deleted between the read and the write', async () => {
    const w = await world(ctx());
    const top = (
      await w.buyer.client.post(`/comments/create/product/${w.product.id}`, { text: 'a' })
    ).json().comment;
    let reply: ReturnType<typeof w.stranger.client.post> | undefined;
    // On PostgreSQL the reply reads the parent (the delete is not committed yet), then its
    // insert waits on the parent's row and fails its foreign key once the delete commits.
    await w.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('comments').where('id', '=', top.id).execute();
      reply = w.stranger.client.post(`/comments/create/comment/${top.id}`, { text: 'r' });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await reply!;
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { global: ['not_found'] } });
  });
});
