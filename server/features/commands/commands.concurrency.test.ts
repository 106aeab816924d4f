import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import {
  member,
  notificationsAbout,
  productCounters,
  world,
  type World,
} from './conversations.fixtures';

// Counters and stock under concurrent requests (issue 7): sold_count never exceeds number,
// commands_count always equals the rows, whatever the interleaving.

async function soldState(w: World) {
  const commands = await w.db
    .selectFrom('commands')
    .select(['number', 'sold'])
    .where('product_id', '=', w.product.id)
    .execute();
  const soldNumber = commands.filter((c) => c.sold).reduce((sum, c) => sum + c.number, 0);
  return { rows: commands.length, soldNumber, product: await productCounters(w.db, w.product.id) };
}

describeEachEngine('commands under concurrency', (ctx) => {
  it('sells the last unit once when two managers accept two commands at the same time', async () => {
    const w = await world(ctx(), { product: { number: 1 } });
    const url = `/commands/create/product/${w.product.id}`;
    const a = (await w.buyer.client.post(url, {})).json().command;
    const b = (await w.stranger.client.post(url, {})).json().command;

    const results = await Promise.all([
      w.owner.client.get(`/commands/sold/${a.id}`),
      w.shopModerator.client.get(`/commands/sold/${b.id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(refused.json()).toEqual({ errors: { global: ['number_not_available'] } });

    const state = await soldState(w);
    expect(state.product).toMatchObject({ sold_count: 1, sold: 1, number: 1 });
    expect(state.soldNumber).toBe(1);
    const accepted = await w.db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'accepted')
      .where('user_id', 'in', [w.buyer.user.id, w.stranger.user.id])
      .execute();
    expect(accepted).toHaveLength(1);
  });

  it('accepts one command once when two managers click at the same time', async () => {
    const w = await world(ctx(), { product: { number: 5 } });
    const c = (
      await w.buyer.client.post(`/commands/create/product/${w.product.id}`, { number: 2 })
    ).json().command;
    const results = await Promise.all([
      w.owner.client.get(`/commands/sold/${c.id}`),
      w.shopAdmin.client.get(`/commands/sold/${c.id}`),
      w.shopModerator.client.get(`/commands/sold/${c.id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect((await soldState(w)).product.sold_count).toBe(2);
  });

  it('keeps counts exact through 50 concurrent commands and 50 concurrent sold marks', async () => {
    const w = await world(ctx(), { product: { number: 60 } });
    const buyers = [w.buyer, w.stranger, w.siteAdmin, w.siteModerator];
    for (let i = 0; i < 6; i++) buyers.push(await member(ctx(), 'user', `Buyer${i}`));

    // Quantities 1..3: 50 orders ask for 100 units of the 60 in stock.
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        buyers[i % buyers.length].client.post(`/commands/create/product/${w.product.id}`, {
          number: (i % 3) + 1,
        }),
      ),
    );
    expect(created.every((r) => r.statusCode === 201)).toBe(true);
    let state = await soldState(w);
    expect(state.rows).toBe(50);
    expect(state.product.commands_count).toBe(50);

    const managers = [w.owner, w.shopAdmin, w.shopModerator];
    const marks = await Promise.all(
      created.map((r, i) =>
        managers[i % managers.length].client.get(`/commands/sold/${r.json().command.id}`),
      ),
    );
    const statuses = marks.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    for (const r of marks.filter((m) => m.statusCode === 422)) {
      expect(r.json()).toEqual({ errors: { global: ['number_not_available'] } });
    }

    state = await soldState(w);
    expect(state.product.sold_count).toBe(state.soldNumber);
    expect(state.product.sold_count).toBeLessThanOrEqual(60);
    // Whatever the order, the stock left is smaller than every refused command's quantity.
    const left = 60 - state.product.sold_count;
    const refusedNumbers = marks
      .map((r, i) => ({ r, n: (i % 3) + 1 }))
      .filter(({ r }) => r.statusCode === 422)
      .map(({ n }) => n);
    expect(refusedNumbers.length).toBeGreaterThan(0);
    for (const n of refusedNumbers) expect(n).toBeGreaterThan(left);
    expect(state.product.sold).toBe(left === 0 ? 1 : 0);
    const accepted = (await notificationsAbout(w.db, w.product.id)).filter(
      (n) => n.type === 'accepted',
    );
    expect(accepted).toHaveLength(statuses.filter((s) => s === 200).length);
  });

  it('keeps commands_count equal to the rows through concurrent creates and deletes', async () => {
    const w = await world(ctx(), { product: { number: 1000 } });
    const url = `/commands/create/product/${w.product.id}`;
    const first = await Promise.all(Array.from({ length: 10 }, () => w.buyer.client.post(url, {})));
    const ids = first.map((r) => r.json().command.id as number);
    const mixed = await Promise.all([
      ...ids.map((id) => w.buyer.client.delete(`/commands/${id}`)),
      ...ids.slice(0, 5).map((id) => w.siteAdmin.client.delete(`/commands/${id}`)),
      ...Array.from({ length: 10 }, () => w.stranger.client.post(url, {})),
    ]);
    const deleted = mixed.slice(0, 15).filter((r) => r.statusCode === 204).length;
    expect(deleted).toBe(10);
    expect(mixed.slice(0, 15).every((r) => [204, 404].includes(r.statusCode))).toBe(true);
    const state = await soldState(w);
    expect(state.rows).toBe(10);
    expect(state.product.commands_count).toBe(10);
  });
});
