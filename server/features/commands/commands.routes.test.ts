import { expect, it } from 'vitest';
import { TEST_PASSWORD, describeEachEngine } from '../../test/harness';
import { notificationsAbout, productCounters, world } from './conversations.fixtures';

const COMMAND_KEYS = [
  'angry_count',
  'comments_count',
  'created_at',
  'haha_count',
  'id',
  'like_count',
  'love_count',
  'number',
  'period',
  'price',
  'private',
  'product_id',
  'reaction',
  'sad_count',
  'sold',
  'starts_at',
  'text',
  'updated_at',
  'user',
  'user_id',
  'wow_count',
];

describeEachEngine('commands', (ctx) => {
  it('creates a command with every key, counts it and tells the shop staff', async () => {
    const w = await world(ctx(), { product: { number: 5, negotiable: 'yes' } });
    const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      price: 1_400_000,
      number: 2,
      period: null,
      private: 'no',
      text: '  Je prends deux  ',
    });
    expect(res.statusCode).toBe(201);
    const { command } = res.json();
    expect(Object.keys(command).sort()).toEqual(COMMAND_KEYS);
    expect(command).toMatchObject({
      user_id: w.buyer.user.id,
      product_id: w.product.id,
      user: {
        id: w.buyer.user.id,
        first_name: 'Buyer',
        last_name: 'user',
        photo: null,
        phone: w.buyer.user.phone_1,
        whatsapp_number: null,
      },
      price: 1_400_000,
      number: 2,
      period: null,
      private: 'no',
      text: 'Je prends deux',
      sold: false,
      comments_count: 0,
      like_count: 0,
      angry_count: 0,
      reaction: null,
    });
    expect(Object.keys(command.user).sort()).toEqual(
      [
        'first_name',
        'id',
        'last_name',
        'phone',
        'photo',
        'photo_small_url',
        'photo_url',
        'whatsapp_number',
      ].sort(),
    );
    expect(new Date(command.created_at).toISOString()).toBe(command.created_at);
    expect((await productCounters(w.db, w.product.id)).commands_count).toBe(1);

    const notes = await notificationsAbout(w.db, w.product.id);
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [w.owner, w.shopAdmin, w.shopModerator, w.employee].map((u) => u.user.id).sort(),
    );
    expect(notes[0]).toMatchObject({
      type: 'commanded',
      data: {
        user_id: w.buyer.user.id,
        user_first_name: 'Buyer',
        user_last_name: 'user',
        user_photo: null,
        product_id: w.product.id,
        type: 'offer',
        command_id: command.id,
      },
    });
  });

  it('lists three at a time, newest first, with the total; limit and offset move the window', async () => {
    const w = await world(ctx(), { product: { number: 100 } });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
        number: 1,
        text: `c${i}`,
      });
      ids.push(res.json().command.id);
    }
    const newest = [...ids].reverse();
    const page = async (body?: object) => {
      const res = await w.anonymous.post(`/commands/product/${w.product.id}`, body);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['commands', 'total']);
      expect(json.total).toBe(7);
      return json.commands.map((c: { id: number }) => c.id);
    };
    expect(await page()).toEqual(newest.slice(0, 3));
    expect(await page({})).toEqual(newest.slice(0, 3));
    expect(await page({ limit: null, offset: null })).toEqual(newest.slice(0, 3));
    expect(await page({ offset: 3 })).toEqual(newest.slice(3, 6));
    expect(await page({ offset: 6 })).toEqual(newest.slice(6));
    expect(await page({ offset: 9 })).toEqual([]);
    expect(await page({ limit: 5, offset: 1 })).toEqual(newest.slice(1, 6));
    expect(await page({ limit: '2', offset: '2' })).toEqual(newest.slice(2, 4));

    for (const [body, field] of [
      [{ limit: 51 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 'lots' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ offset: 1.5 }, 'offset'],
    ] as const) {
      const res = await w.anonymous.post(`/commands/product/${w.product.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual(['bad_input']);
    }
  });

  it('answers a single command to a script, and the app page to a browser', async () => {
    const w = await world(ctx(), { product: { number: 3 } });
    const created = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {});
    const id = created.json().command.id;
    const res = await w.stranger.client.get(`/commands/command/${id}`);
    expect(res.statusCode).toBe(200);
    // A stranger is no party to the command: the buyer's phones stay empty (issue 14 item 12).
    const mine = created.json().command;
    expect(res.json()).toEqual({
      command: { ...mine, user: { ...mine.user, phone: null, whatsapp_number: null } },
    });
    const page = await w.stranger.client.get(`/commands/command/${id}`, {
      headers: { 'x-requested-with': '', accept: 'text/html' },
    });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('edits an unsold command, with the same rules as on create', async () => {
    const w = await world(ctx(), { product: { number: 4, negotiable: 'yes' } });
    const created = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      number: 1,
    });
    const id = created.json().command.id;
    const res = await w.buyer.client.put(`/commands/${id}`, {
      price: 1_000_000,
      number: '4',
      private: 'yes',
      text: 'plus',
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().command).sort()).toEqual(COMMAND_KEYS);
    expect(res.json().command).toMatchObject({
      id,
      price: 1_000_000,
      number: 4,
      private: 'yes',
      text: 'plus',
    });
    const tooMany = await w.buyer.client.put(`/commands/${id}`, { number: 5 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ number: ['number_not_available'] });
    const row = await w.db
      .selectFrom('commands')
      .select('number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.number).toBe(4);
  });

  it('deletes an unsold command and its comments, and counts it out', async () => {
    const w = await world(ctx(), { product: { number: 4 } });
    const a = (await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {})).json();
    await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {});
    await w.buyer.client.post(`/comments/create/command/${a.command.id}`, { text: 'question' });
    expect((await productCounters(w.db, w.product.id)).commands_count).toBe(2);

    const res = await w.buyer.client.delete(`/commands/${a.command.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await productCounters(w.db, w.product.id)).commands_count).toBe(1);
    const comments = await w.db
      .selectFrom('comments')
      .select('id')
      .where('command_id', '=', a.command.id)
      .execute();
    expect(comments).toEqual([]);
    expect((await w.buyer.client.delete(`/commands/${a.command.id}`)).statusCode).toBe(404);
    expect((await w.anonymous.post(`/commands/product/${w.product.id}`)).json().total).toBe(1);
  });

  it('marks a command sold: stock moves, the product sells out, the author hears of it', async () => {
    const w = await world(ctx(), { product: { number: 3 } });
    const two = (
      await w.buyer.client.post(`/commands/create/product/${w.product.id}`, { number: 2 })
    ).json().command;
    const one = (
      await w.stranger.client.post(`/commands/create/product/${w.product.id}`, { number: 1 })
    ).json().command;

    const res = await w.shopModerator.client.get(`/commands/sold/${two.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().command).sort()).toEqual(COMMAND_KEYS);
    expect(res.json().command).toMatchObject({ id: two.id, sold: true, number: 2 });
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 2, sold: 0 });

    expect((await w.owner.client.get(`/commands/sold/${one.id}`)).statusCode).toBe(200);
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 3, sold: 1 });

    const accepted = (await notificationsAbout(w.db, w.product.id)).filter(
      (n) => n.type === 'accepted',
    );
    expect(accepted).toEqual([
      {
        user_id: w.buyer.user.id,
        type: 'accepted',
        data: expect.objectContaining({
          user_id: w.shopModerator.user.id,
          product_id: w.product.id,
          type: 'offer',
          command_id: two.id,
        }),
      },
      {
        user_id: w.stranger.user.id,
        type: 'accepted',
        data: expect.objectContaining({ user_id: w.owner.user.id, command_id: one.id }),
      },
    ]);
  });

  it('sells a non-countable product on its first accepted command, and keeps taking orders', async () => {
    const w = await world(ctx(), { subcategory: { can_be_counted: 'no' } });
    const a = (await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {})).json();
    expect((await w.owner.client.get(`/commands/sold/${a.command.id}`)).statusCode).toBe(200);
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 1, sold: 1 });
    const again = await w.stranger.client.post(`/commands/create/product/${w.product.id}`, {
      number: 3,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().command.number).toBe(1);
  });

  it('refuses to accept the command of a buyer who has left, and leaves the stock as it was', async () => {
    const w = await world(ctx(), { product: { number: 3 } });
    const command = (
      await w.buyer.client.post(`/commands/create/product/${w.product.id}`, { number: 2 })
    ).json().command;
    const left = await w.buyer.client.delete('/users/me', { body: { password: TEST_PASSWORD } });
    expect(left.statusCode).toBe(204);

    const res = await w.owner.client.get(`/commands/sold/${command.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { global: ['buyer_deleted'] } });
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 0, sold: 0 });
    const kept = await w.owner.client.post(`/commands/product/${w.product.id}`, {});
    expect(kept.json().commands).toEqual([
      expect.objectContaining({ id: command.id, sold: false, user_id: null, user: null }),
    ]);
  });
});
