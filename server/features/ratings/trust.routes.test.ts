import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { RESPONSE_TIME_DAYS } from '../../../shared/domain/ratings';
import { ratingWorld } from './ratings.test-support';

// Issue 32 item 8: GET /shops/{id}/trust: member since, phone verified, rating, and the median
// time from a buyer's comment or command to the shop's first answer over the last 90 days.

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

describeEachEngine('trust signals', (ctx) => {
  it('gives the median response time over the last 90 days, the rating and the owner facts', async () => {
    const w = await ratingWorld(ctx());
    const db = w.db;
    const comment = async (client: TestClient, on: string, text = 'Toujours disponible ?') => {
      const res = await client.post(`/comments/create/${on}`, { text });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().comment.id as number;
    };
    const at = (table: 'comments' | 'commands', id: number, minutesAgo: number) =>
      db
        .updateTable(table)
        .set({ created_at: ago(minutesAgo) })
        .where('id', '=', id)
        .execute();
    const asked = async (
      client: TestClient,
      askedAgo: number,
      answerer?: TestClient,
      after = 0,
    ) => {
      const id = await comment(client, `product/${w.product.id}`);
      await at('comments', id, askedAgo);
      if (answerer)
        await at('comments', await comment(answerer, `comment/${id}`), askedAgo - after);
    };
    const trust = async () => (await ctx().client().get(`/shops/${w.shopId}/trust`)).json().trust;

    await asked(w.buyer.client, 120, w.owner.client, 20);
    await asked(w.stranger.client, 600, w.employee.client, 60);
    await asked(w.buyer.client, 50); // unanswered: not in the median
    await asked(w.buyer.client, (RESPONSE_TIME_DAYS + 1) * 1440, w.owner.client, 1); // too old
    await comment(w.owner.client, `product/${w.product.id}`, 'Prix négociable'); // the shop's own
    // A command answered by its acceptance 10 minutes on (a later reply does not matter).
    const command = await w.accepted();
    await at('commands', command, 300);
    await db
      .updateTable('commands')
      .set({ accepted_at: ago(290) })
      .where('id', '=', command)
      .execute();
    await comment(w.owner.client, `command/${command}`, 'Merci');
    await w.rate(command, { stars: 4 });

    const owner = await db
      .selectFrom('users')
      .select(['created_at', 'phone_1'])
      .where('id', '=', w.owner.user.id)
      .executeTakeFirstOrThrow();
    const facts = await trust();
    // Median of 20, 60 and 10 minutes; the unanswered, the too old and the shop's own are out.
    expect(facts).toMatchObject({
      response_minutes: 20,
      responses_count: 3,
      member_since: owner.created_at,
      phone_verified_at: null,
      rating_average: 4,
      rating_count: 1,
    });
    // A verified number is the shop's when it is its owner's proved phone_1 (issue 21's rule).
    const verifiedAt = ago(5);
    await db
      .updateTable('users')
      .set({ phone_verified_at: verifiedAt })
      .where('id', '=', w.owner.user.id)
      .execute();
    await db
      .updateTable('shops')
      .set({ phone_1: owner.phone_1 })
      .where('id', '=', w.shopId)
      .execute();
    expect((await trust()).phone_verified_at).toBe(verifiedAt);
  });

  it('says nothing of a response time when nobody asked', async () => {
    const w = await ratingWorld(ctx());
    const res = await ctx().client().get(`/shops/${w.shopId}/trust`);
    expect(res.json().trust).toMatchObject({
      response_minutes: null,
      responses_count: 0,
      rating_average: null,
      rating_count: 0,
    });
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await ctx().client().get('/shops/999999/trust')).statusCode).toBe(404);
    expect((await ctx().client().get('/shops/0/trust')).statusCode).toBe(404);
  });
});
