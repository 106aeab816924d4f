import { expect } from 'vitest';
import type { TestContext } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { ageAccounts } from '../../test/fixtures';
import { world } from '../commands/conversations.fixtures';

// The ratings suites' scenario (issue 32 item 5): a shop with its staff and an offer of 10 units,
// buyers who order, and the owner who accepts (DESIGN §6: accepting is GET /commands/sold/{id}).

export async function ratingWorld(ctx: TestContext) {
  const w = await world(ctx, { product: { number: 10 } });
  // Established accounts: the new-account contact rule is tried on its own.
  await ageAccounts(
    w.db,
    [w.owner, w.buyer, w.stranger, w.employee, w.shopAdmin].map((m) => m.user.id),
  );

  async function order(client: TestClient = w.buyer.client): Promise<number> {
    const res = await client.post(`/commands/create/product/${w.product.id}`, { number: 1 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().command.id;
  }
  async function accept(commandId: number) {
    const res = await w.owner.client.get(`/commands/sold/${commandId}`);
    expect(res.statusCode, res.body).toBe(200);
  }
  async function accepted(client: TestClient = w.buyer.client) {
    const id = await order(client);
    await accept(id);
    return id;
  }
  const rate = (commandId: number, body: unknown, client: TestClient = w.buyer.client) =>
    client.post(`/commands/${commandId}/rating`, body);
  const shopRating = async () => {
    const res = await ctx.client().get(`/shops/shop/${w.shopId}`, {
      headers: { accept: 'application/json' },
    });
    const { rating_average, rating_count } = res.json().shop;
    return { rating_average, rating_count };
  };
  const listed = async () =>
    (await ctx.client().get(`/shops/${w.shopId}/ratings`)).json().ratings as {
      total: number;
      data: { id: number; stars: number; answer: unknown }[];
    };
  return { ...w, order, accept, accepted, rate, shopRating, listed };
}
