import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { member, world, type World } from '../commands/conversations.fixtures';

// Each kind, driven through the real comments, commands, reactions and products routes, reaches exactly its recipients (DESIGN §6), never the actor, with every
// data key of SPEC §3 as the reader gets it from POST /notifications/paginate.

type Member = World['buyer'];

const NONE = {
  commentable_type: null,
  commentable_id: null,
  reactionable_type: null,
  reactionable_id: null,
  reaction: null,
  comment_id: null,
  command_id: null,
  search_id: null,
  search_name: null,
  count: null,
  shop_id: null,
  shop_name: null,
  stars: null,
};

async function newest(db: World['db']) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Who got what since `after`: recipient ids per kind, sorted. */
async function writtenSince(db: World['db'], after: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'type'])
    .where('id', '>', after)
    .orderBy('user_id')
    .execute();
  const byKind: Record<string, number[]> = {};
  for (const r of rows) (byKind[r.type] ??= []).push(r.user_id);
  return byKind;
}

const ids = (...members: Member[]) => members.map((m) => m.user.id).sort((a, b) => a - b);

async function latestOf(member: Member) {
  const res = await member.client.post('/notifications/paginate', { type: 'all', page: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notifications.data[0];
}

async function post(m: Member, url: string, body: unknown = {}, status = 201) {
  const res = await m.client.post(url, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const react = (m: Member, type: string, id: number, name: string) =>
  post(m, `/reactions/create/${type}/${id}`, { name }, 200);

describeEachEngine('notifications of each kind', (ctx) => {
  it('commented: a comment on a product reaches the whole shop staff, with SPEC §3 data', async () => {
    const w = await world(ctx());
    const before = await newest(w.db);
    const { comment } = await post(w.buyer, `/comments/create/product/${w.product.id}`, {
      text: 'disponible ?',
    });
    expect(await writtenSince(w.db, before)).toEqual({
      commented: ids(w.owner, w.shopAdmin, w.shopModerator, w.employee),
    });
    const note = await latestOf(w.owner);
    expect(note).toEqual({
      id: expect.any(Number),
      type: 'commented',
      read_at: null,
      created_at: expect.any(String),
      data: {
        ...NONE,
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        user_last_name: 'user',
        user_photo: null,
        commentable_type: 'product',
        commentable_id: w.product.id,
        product_id: w.product.id,
        type: 'offer',
        // The offer is named in the sentence (issue 20), as it was named then.
        product_name: w.product.name,
        product_name_ar: w.product.name_ar,
        product_name_fr: w.product.name_fr,
        comment_id: comment.id,
      },
    });
    expect(new Date(note.created_at).toISOString()).toBe(note.created_at);
  });

  it('commented: the shop staff commenting on their own product do not hear of it', async () => {
    const w = await world(ctx());
    const before = await newest(w.db);
    await post(w.owner, `/comments/create/product/${w.product.id}`, { text: 'livraison possible' });
    expect(await writtenSince(w.db, before)).toEqual({
      commented: ids(w.shopAdmin, w.shopModerator, w.employee),
    });
  });

  it('replied: only the parent comment author hears of a reply, never of their own', async () => {
    const w = await world(ctx());
    const { comment } = await post(w.buyer, `/comments/create/product/${w.product.id}`, {
      text: 'prix ?',
    });
    let before = await newest(w.db);
    const reply = await post(w.stranger, `/comments/create/comment/${comment.id}`, {
      text: 'même question',
    });
    expect(await writtenSince(w.db, before)).toEqual({ replied: ids(w.buyer) });
    expect(await latestOf(w.buyer)).toMatchObject({
      type: 'replied',
      data: {
        ...NONE,
        user_id: w.stranger.user.id,
        user_first_name: 'Stranger',
        user_last_name: 'user',
        commentable_type: 'comment',
        commentable_id: comment.id,
        comment_id: reply.comment.id,
        product_id: w.product.id,
        type: 'offer',
      },
    });

    before = await newest(w.db);
    await post(w.buyer, `/comments/create/comment/${comment.id}`, { text: 'je relance' });
    expect(await writtenSince(w.db, before)).toEqual({});
  });

  it('commanded: a command reaches the shop staff; a private one its managers only', async () => {
    const w = await world(ctx(), { product: { type: 'demand', offer_type: 'buy', number: 5 } });
    let before = await newest(w.db);
    const { command } = await post(w.buyer, `/commands/create/product/${w.product.id}`, {
      text: 'je peux fournir',
    });
    expect(await writtenSince(w.db, before)).toEqual({
      commanded: ids(w.owner, w.shopAdmin, w.shopModerator, w.employee),
    });
    expect(await latestOf(w.shopAdmin)).toMatchObject({
      type: 'commanded',
      data: {
        ...NONE,
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        product_id: w.product.id,
        type: 'demand',
        command_id: command.id,
      },
    });

    before = await newest(w.db);
    await post(w.stranger, `/commands/create/product/${w.product.id}`, { private: 'yes' });
    expect(await writtenSince(w.db, before)).toEqual({
      commanded: ids(w.owner, w.shopAdmin, w.shopModerator),
    });
  });

  it('commented on a command: its author and the shop staff, never the commenter', async () => {
    const w = await world(ctx());
    const { command } = await post(w.buyer, `/commands/create/product/${w.product.id}`);
    const before = await newest(w.db);
    const { comment } = await post(w.shopAdmin, `/comments/create/command/${command.id}`, {
      text: 'quand passez-vous ?',
    });
    expect(await writtenSince(w.db, before)).toEqual({
      commented: ids(w.owner, w.shopModerator, w.employee, w.buyer),
    });
    expect(await latestOf(w.buyer)).toMatchObject({
      type: 'commented',
      data: {
        ...NONE,
        user_id: w.shopAdmin.user.id,
        commentable_type: 'command',
        commentable_id: command.id,
        comment_id: comment.id,
        command_id: command.id,
        product_id: w.product.id,
        type: 'offer',
      },
    });
  });

  it('accepted: marking a command sold tells its author only', async () => {
    const w = await world(ctx(), { product: { number: 4 } });
    const { command } = await post(w.buyer, `/commands/create/product/${w.product.id}`, {
      number: 2,
    });
    const before = await newest(w.db);
    const res = await w.shopModerator.client.get(`/commands/sold/${command.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await writtenSince(w.db, before)).toEqual({ accepted: ids(w.buyer) });
    expect(await latestOf(w.buyer)).toMatchObject({
      type: 'accepted',
      data: {
        ...NONE,
        user_id: w.shopModerator.user.id,
        user_first_name: 'ShopModerator',
        product_id: w.product.id,
        type: 'offer',
        command_id: command.id,
      },
    });
  });

  it('a failed action writes no notification', async () => {
    const w = await world(ctx(), { product: { number: 1 } });
    const before = await newest(w.db);
    // Deeper than SPEC's three levels: refused, and nobody hears of it.
    let parent = (await post(w.buyer, `/comments/create/product/${w.product.id}`, { text: '1' }))
      .comment;
    for (const text of ['2', '3'])
      parent = (await post(w.stranger, `/comments/create/comment/${parent.id}`, { text })).comment;
    const written = await writtenSince(w.db, before);
    const tooDeep = await w.buyer.client.post(`/comments/create/comment/${parent.id}`, {
      text: '4',
    });
    expect(tooDeep.statusCode).toBe(422);
    // More than the stock: refused at validation, nothing written.
    const tooMany = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      number: 2,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(await writtenSince(w.db, before)).toEqual(written);
  });

  it('reacted: the target’s author hears of a reaction (a product’s: its staff), not of their own', async () => {
    const w = await world(ctx());
    let before = await newest(w.db);
    await react(w.buyer, 'product', w.product.id, 'love');
    expect(await writtenSince(w.db, before)).toEqual({
      reacted: ids(w.owner, w.shopAdmin, w.shopModerator, w.employee),
    });
    expect(await latestOf(w.employee)).toMatchObject({
      type: 'reacted',
      data: {
        ...NONE,
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        reactionable_type: 'product',
        reactionable_id: w.product.id,
        reaction: 'love',
        product_id: w.product.id,
        type: 'offer',
      },
    });

    const { comment } = await post(w.stranger, `/comments/create/product/${w.product.id}`, {
      text: 'bonne affaire',
    });
    const { command } = await post(w.buyer, `/commands/create/product/${w.product.id}`);
    before = await newest(w.db);
    await react(w.owner, 'comment', comment.id, 'haha');
    await react(w.owner, 'command', command.id, 'like');
    expect(await writtenSince(w.db, before)).toEqual({
      reacted: ids(w.stranger, w.buyer),
    });
    expect(await latestOf(w.stranger)).toMatchObject({
      type: 'reacted',
      data: {
        ...NONE,
        user_id: w.owner.user.id,
        reactionable_type: 'comment',
        reactionable_id: comment.id,
        reaction: 'haha',
        comment_id: comment.id,
        product_id: w.product.id,
        type: 'offer',
      },
    });
    expect((await latestOf(w.buyer)).data).toMatchObject({
      reactionable_type: 'command',
      reactionable_id: command.id,
      command_id: command.id,
    });

    // One's own comment, and taking a reaction back: nobody hears of either.
    before = await newest(w.db);
    await react(w.stranger, 'comment', comment.id, 'wow');
    await react(w.owner, 'comment', comment.id, 'haha');
    expect(await writtenSince(w.db, before)).toEqual({});
  });

  it('added_offer: a new offer reaches those with an open demand in its subcategory', async () => {
    const w = await world(ctx());
    const seeker = await member(ctx(), 'user', 'Seeker');
    const minimal = { name: 'Toyota Hilux', psubcategory_id: String(w.subcategory.id) };
    let before = await newest(w.db);
    await post(seeker, '/products/create/demand', minimal);
    const offer = (await post(w.buyer, '/products/create/offer', minimal)).product;
    const written = await writtenSince(w.db, before);
    expect(written.added_offer).toContain(seeker.user.id);
    expect(written.added_offer).not.toContain(w.buyer.user.id);
    expect(await latestOf(seeker)).toMatchObject({
      type: 'added_offer',
      data: {
        ...NONE,
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        product_id: offer.id,
        type: 'offer',
      },
    });
    // Their own post tells nobody of it to themselves.
    before = await newest(w.db);
    await post(seeker, '/products/create/offer', minimal);
    expect((await writtenSince(w.db, before)).added_offer ?? []).not.toContain(seeker.user.id);
  });
});
