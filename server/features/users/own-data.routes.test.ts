import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, TEST_PASSWORD } from '../../test/harness';
import { LOGIN_THROTTLE, USER_RATE_LIMITS } from '../../../shared/constants';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';

// Issue 34 item 5: a person downloads everything the site holds about them (and nothing of
// anyone else's), and leaves with their password: sessions end, their data goes, counters stay
// right; a wrong password counts toward the sign-in lockout.

describeEachEngine('own data: export and leaving', (ctx) => {
  let subId: number;
  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db)).id;
  });

  /** A signed-in user with an offer in their personal shop. */
  async function seller(name = 'Mariem') {
    const s = await ctx().userClient('user', { first_name: name });
    await ageAccounts(ctx().app.db, [s.user.id]);
    const shopId = await personalShopOf(ctx().app.db, s.user.id);
    const offer = await createProduct(ctx().app.db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: s.user.id,
      name: `${name}'s car`,
      number: 5,
    });
    return { ...s, shopId, offer };
  }
  const ok = (res: { statusCode: number; body: string }, status = 201) =>
    expect(res.statusCode, res.body).toBe(status);

  it('exports everything about the user as a JSON attachment, and nothing of anyone else', async () => {
    const me = await seller('Mariem');
    const other = await seller('Khadija');
    await ctx()
      .app.db.updateTable('users')
      .set({ email: 'khadija-secret@example.mr' })
      .where('id', '=', other.user.id)
      .execute();
    const c = me.client;
    ok(await c.post(`/comments/create/product/${other.offer.id}`, { text: 'Still for sale?' }));
    const bought = await c.post(`/commands/create/product/${other.offer.id}`, {
      number: 1,
      text: 'I buy',
    });
    ok(bought);
    // Seller ratings: the one I wrote after Khadija accepted, and the one my shop received.
    ok(await other.client.get(`/commands/sold/${bought.json().command.id}`), 200);
    ok(await c.post(`/commands/${bought.json().command.id}/rating`, { stars: 4, text: 'Fair' }));
    const sold = await other.client.post(`/commands/create/product/${me.offer.id}`, { number: 1 });
    ok(sold);
    ok(await c.get(`/commands/sold/${sold.json().command.id}`), 200);
    ok(
      await other.client.post(`/commands/${sold.json().command.id}/rating`, {
        stars: 2,
        text: 'Rating by Khadija',
      }),
    );
    ok(await c.post(`/reactions/create/product/${other.offer.id}`, { name: 'love' }), 200);
    ok(await c.get(`/products/favorite/add/${other.offer.id}`), 200);
    ok(await c.post('/searches', { name: 'cars', query: { type: 'offer', name: 'hilux' } }));
    ok(await c.post(`/products/${other.offer.id}/reports`, { reason: 'duplicate' }));
    // Others' activity on my offer: their comment notifies me; their private command is theirs.
    ok(await other.client.post(`/comments/create/product/${me.offer.id}`, { text: 'Price?' }));
    ok(
      await other.client.post(`/commands/create/product/${me.offer.id}`, {
        number: 1,
        private: 'yes',
        text: 'private offer of Khadija',
      }),
    );

    const res = await c.get('/users/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="souq-${me.user.id}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({
      id: me.user.id,
      first_name: 'Mariem',
      phone_1: me.user.phone_1,
      sms_alerts: false,
    });
    expect(data.shops).toEqual([expect.objectContaining({ id: me.shopId, role: 'owner' })]);
    expect(data.products.map((p: { id: number }) => p.id)).toEqual([me.offer.id]);
    expect(data.comments).toEqual([
      expect.objectContaining({ commentable_id: other.offer.id, text: 'Still for sale?' }),
    ]);
    expect(data.commands).toEqual([
      expect.objectContaining({ product_id: other.offer.id, text: 'I buy' }),
    ]);
    expect(data.reactions).toEqual([
      expect.objectContaining({ reactionable_id: other.offer.id, name: 'love' }),
    ]);
    expect(data.saves).toEqual([expect.objectContaining({ product_id: other.offer.id })]);
    expect(data.saved_searches).toEqual([
      expect.objectContaining({ name: 'cars', query: expect.objectContaining({ name: 'hilux' }) }),
    ]);
    expect(data.reports.offers).toEqual([
      expect.objectContaining({ product_id: other.offer.id, reason: 'duplicate' }),
    ]);
    expect(data.notifications.map((n: { type: string }) => n.type)).toContain('commented');
    expect(data.ratings.given).toEqual([
      expect.objectContaining({
        shop_id: other.shopId,
        product_id: other.offer.id,
        command_id: bought.json().command.id,
        stars: 4,
        text: 'Fair',
      }),
    ]);
    expect(data.ratings.received).toEqual([
      expect.objectContaining({ shop_id: me.shopId, stars: 2, text: 'Rating by Khadija' }),
    ]);
    // The buyer of a received rating is theirs: not named, not identified.
    expect(data.ratings.received[0]).not.toHaveProperty('user_id');
    expect(data.ratings.received[0]).not.toHaveProperty('command_id');

    const text = res.body;
    for (const secret of [
      'password',
      'scrypt',
      'khadija-secret',
      'private offer of Khadija',
      'Price?',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const sessions = await ctx().app.db.selectFrom('sessions').select('id').execute();
    for (const s of sessions) expect(text).not.toContain(s.id);
  });

  it('refuses the anonymous (401) and limits exports per account (429 with Retry-After)', async () => {
    expect((await ctx().client().get('/users/me/export')).statusCode).toBe(401);
    const me = await seller('Fatimetou');
    for (let i = 0; i < USER_RATE_LIMITS.export.limit; i++) {
      expect((await me.client.get('/users/me/export')).statusCode).toBe(200);
    }
    const refused = await me.client.get('/users/me/export');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is the account's: a second device of the same account gets no more.
    const second = ctx().client();
    ok(await second.post('/login', { login: me.user.phone_1, password: TEST_PASSWORD }), 200);
    expect((await second.get('/users/me/export')).statusCode).toBe(429);
    // Another account is not affected.
    expect((await (await seller('Aminetou')).client.get('/users/me/export')).statusCode).toBe(200);
  });

  it('refuses bad input, a wrong password and a request without the XSRF header; nothing goes', async () => {
    const me = await seller('Zeinebou');
    expect(
      (
        await ctx()
          .client()
          .delete('/users/me', { body: { password: 'x' } })
      ).statusCode,
    ).toBe(401);
    const noXsrf = await me.client.delete('/users/me', {
      body: { password: TEST_PASSWORD },
      xsrf: false,
    });
    expect(noXsrf.statusCode).toBe(419);
    const missing = await me.client.delete('/users/me', { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual(['required']);
    for (const body of [{ password: 42 }, { password: 'x'.repeat(201) }]) {
      expect((await me.client.delete('/users/me', { body })).statusCode).toBe(422);
    }
    const wrong = await me.client.delete('/users/me', { body: { password: 'not my password' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { password: ['wrong_password'] } });
    expect((await me.client.get('/users/me')).json().user.id).toBe(me.user.id);
  });

  it("cannot delete someone else: another's password, another's id", async () => {
    const victim = await seller('Victim');
    const attacker = await seller('Attacker');
    // DELETE /users/me acts on the session's own account: the victim's password is just wrong.
    expect(
      (await attacker.client.delete('/users/me', { body: { password: 'victim password' } }))
        .statusCode,
    ).toBe(422);
    const other = await attacker.client.delete(`/users/${victim.user.id}`, {
      body: { password: TEST_PASSWORD },
    });
    expect(other.statusCode).toBe(403);
    expect((await victim.client.get('/users/me')).json().user.id).toBe(victim.user.id);
    expect((await attacker.client.get('/users/me')).json().user.id).toBe(attacker.user.id);
  });

  it('counts wrong passwords toward the sign-in lockout of that account from that address', async () => {
    const me = await seller('Lalla');
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) {
      const res = await me.client.delete('/users/me', { body: { password: `guess ${i}` } });
      expect(res.statusCode).toBe(422);
    }
    const locked = await me.client.delete('/users/me', { body: { password: TEST_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    // Signing in from that address is refused too; the account is still there.
    const login = await me.client.post('/login', {
      login: me.user.phone_1,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(429);
    expect(
      (await ctx().app.db.selectFrom('users').select('id').where('id', '=', me.user.id).execute())
        .length,
    ).toBe(1);
  });

  it('deletes the account with its password: every session ends, its data goes, counters stay right', async () => {
    const me = await seller('Leaving');
    const other = await seller('Staying');
    const laptop = ctx().client();
    ok(await laptop.post('/login', { login: me.user.phone_1, password: TEST_PASSWORD }), 200);
    ok(await me.client.get(`/products/favorite/add/${other.offer.id}`), 200);
    ok(await me.client.post(`/comments/create/product/${other.offer.id}`, { text: 'bye' }));
    const counts = () =>
      ctx()
        .app.db.selectFrom('products')
        .select(['saved_count', 'comments_count'])
        .where('id', '=', other.offer.id)
        .executeTakeFirstOrThrow();
    expect(await counts()).toEqual({ saved_count: 1, comments_count: 1 });

    const res = await me.client.delete('/users/me', { body: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(204);
    expect((await me.client.get('/users/me')).json().user).toBeNull();
    expect((await laptop.get('/users/me')).json().user).toBeNull();
    const db = ctx().app.db;
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', me.user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('products').select('id').where('id', '=', me.offer.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('shops').select('id').where('id', '=', me.shopId).execute()).toEqual(
      [],
    );
    // The comment stays for the other party (author null), still counted (issue 34 item 5).
    expect(await counts()).toEqual({ saved_count: 0, comments_count: 1 });
    const login = await ctx()
      .client()
      .post('/login', { login: me.user.phone_1, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(422);
    // Done once: the old session can do nothing more.
    expect(
      (await me.client.delete('/users/me', { body: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
  });
  it("keeps the leaver's comments and commands for the other party, author null; counters stay", async () => {
    const me = await seller('Leaver');
    const other = await seller('Shopkeeper');
    const db = ctx().app.db;
    await db
      .insertInto('product_files')
      .values({
        product_id: me.offer.id,
        type: 'image',
        name: 'leaver-photo',
        extension: 'webp',
        created_at: new Date().toISOString(),
      })
      .execute();
    const commented = await me.client.post(`/comments/create/product/${other.offer.id}`, {
      text: 'Is it still there?',
    });
    ok(commented);
    const commentId: number = commented.json().comment.id;
    const ordered = await me.client.post(`/commands/create/product/${other.offer.id}`, {
      number: 2,
      text: 'I take two',
    });
    ok(ordered);
    const commandId: number = ordered.json().command.id;
    ok(await other.client.post(`/comments/create/command/${commandId}`, { text: 'Deal' }));
    ok(await other.client.get(`/commands/sold/${commandId}`), 200);
    const counters = () =>
      db
        .selectFrom('products')
        .select(['comments_count', 'commands_count', 'sold_count'])
        .where('id', '=', other.offer.id)
        .executeTakeFirstOrThrow();
    const before = await counters();
    expect(before).toEqual({ comments_count: 1, commands_count: 1, sold_count: 2 });

    ok(await me.client.delete('/users/me', { body: { password: TEST_PASSWORD } }), 204);

    // The other party still reads both, the author null ("deleted account" on the page).
    const comments = await other.client.post(`/comments/product/${other.offer.id}`, {
      limit: 3,
      offset: 0,
    });
    ok(comments, 200);
    expect(comments.json().comments).toEqual([
      expect.objectContaining({
        id: commentId,
        text: 'Is it still there?',
        user_id: null,
        user: null,
      }),
    ]);
    const commands = await other.client.post(`/commands/product/${other.offer.id}`, {
      limit: 3,
      offset: 0,
    });
    ok(commands, 200);
    expect(commands.json().commands).toEqual([
      expect.objectContaining({
        id: commandId,
        text: 'I take two',
        sold: true,
        user_id: null,
        user: null,
        comments_count: 1,
      }),
    ]);
    // One by one, anonymous too; and the replies under the command.
    const json = { headers: { accept: 'application/json' } };
    for (const client of [other.client, ctx().client()]) {
      const one = await client.get(`/commands/command/${commandId}`, json);
      ok(one, 200);
      expect(one.json().command).toMatchObject({ id: commandId, user: null, user_id: null });
      const c = await client.get(`/comments/comment/${commentId}`, json);
      ok(c, 200);
      expect(c.json().comment).toMatchObject({ id: commentId, user: null });
    }
    const replies = await other.client.post(`/comments/command/${commandId}`, {
      limit: 3,
      offset: 0,
    });
    expect(replies.json().comments).toEqual([expect.objectContaining({ text: 'Deal' })]);
    // Counters unchanged: the rows they count are still there.
    expect(await counters()).toEqual(before);
    // The leaver's offer and its media rows went.
    expect(
      await db.selectFrom('products').select('id').where('id', '=', me.offer.id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('product_files')
        .select('name')
        .where('product_id', '=', me.offer.id)
        .execute(),
    ).toEqual([]);

    // Others act on the authorless items without error: a reply (no one to notify), a reaction, a
    // report that reaches the moderation queue with no author; no one may edit or delete them.
    ok(await other.client.post(`/comments/create/comment/${commentId}`, { text: 'Gone?' }));
    ok(await other.client.post(`/reactions/create/comment/${commentId}`, { name: 'like' }), 200);
    ok(await other.client.post(`/comments/${commentId}/reports`, { reason: 'other' }));
    expect((await other.client.put(`/comments/${commentId}`, { text: 'x' })).statusCode).toBe(403);
    expect((await other.client.delete(`/comments/${commentId}`)).statusCode).toBe(403);
    expect((await other.client.put(`/commands/${commandId}`, { number: 1 })).statusCode).toBe(403);
    const stranger = await seller('Stranger');
    expect((await stranger.client.delete(`/comments/${commentId}`)).statusCode).toBe(403);
    expect(
      (await stranger.client.post(`/commands/${commandId}/rating`, { stars: 5 })).statusCode,
    ).toBe(403);
    const { client: admin } = await ctx().userClient('admin');
    const queue = await admin.get('/admin/moderation');
    ok(queue, 200);
    expect(queue.json().items.data).toContainEqual(
      expect.objectContaining({ type: 'comment', id: commentId, author: null }),
    );
    // The product page renders on the server with the authorless items.
    const page = await ctx().client().get(`/products/product/${other.offer.id}`);
    expect(page.statusCode).toBe(200);
  });
});
