import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import {
  addEmployee,
  member,
  productCounters,
  world,
  type World,
} from '../commands/conversations.fixtures';

// Issue 32 item 7: rentals come back. An accepted rent holds its units from its start for its
// period, then they are free again; sold_count counts units ever committed. A fake clock (Date
// only: the app reads the time from it, the database is given it) moves through the periods.

const T0 = new Date('2031-01-10T09:00:00.000Z');
const json = { headers: { accept: 'application/json' } };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function rentWorld(ctx: Parameters<typeof world>[0], product: object) {
  // Listed until long after the months these tests move the clock by (an offer ends after
  // LISTING_DAYS: an expired one takes no command, which is not what they try).
  const expires_at = new Date(T0.getTime() + 3650 * 86_400_000).toISOString();
  return world(ctx, { product: { negotiable: 'yes', price: 30_000, expires_at, ...product } });
}

const order = (w: World, who: World['buyer'], body: object) =>
  who.client.post(`/commands/create/product/${w.product.id}`, body);

const accept = (w: World, id: number) => w.owner.client.get(`/commands/sold/${id}`);

async function offerAnswer(w: World) {
  const res = await w.anonymous.get(`/products/product/${w.product.id}`, json);
  expect(res.statusCode).toBe(200);
  return res.json().product;
}

describeEachEngine('rentals come back', (ctx) => {
  it('holds rented units for the period, says when one is free, then frees them', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'monthly_rent', number: 2 });
    expect(await offerAnswer(w)).toMatchObject({ available_number: 2, available_from: null });

    const first = (await order(w, w.buyer, { number: 2, period: 3 })).json().command;
    expect(first.starts_at).toBe(null);
    const accepted = await accept(w, first.id);
    expect(accepted.statusCode).toBe(200);
    // No start asked: the units are held from the acceptance.
    expect(Date.parse(accepted.json().command.starts_at) - T0.getTime()).toBeLessThan(60_000);
    const start = accepted.json().command.starts_at;
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 3);

    let offer = await offerAnswer(w);
    expect(offer).toMatchObject({
      available_number: 0,
      available_from: end.toISOString(),
      sold_count: 2,
      sold: false,
    });
    // Nothing free now: an order over the held period is refused, one after it is taken.
    const now = await order(w, w.stranger, { number: 1, period: 1 });
    expect(now.statusCode).toBe(422);
    expect(now.json()).toEqual({ errors: { starts_at: ['rent_not_free'] } });
    const overlapping = await order(w, w.stranger, { period: 2, starts_at: '2031-03-01' });
    expect(overlapping.json()).toEqual({ errors: { starts_at: ['rent_not_free'] } });
    const after = await order(w, w.stranger, {
      number: 2,
      period: 1,
      starts_at: end.toISOString(),
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().command.starts_at).toBe(end.toISOString());

    // Three months later the units are back; SPEC's sold_count still counts them.
    vi.setSystemTime(new Date(end.getTime() + 60_000));
    offer = await offerAnswer(w);
    expect(offer).toMatchObject({ available_number: 2, available_from: null, sold_count: 2 });
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold: 0, sold_count: 2 });
    // (Sessions of three months ago have ended: people signed in now.)
    const [late, manager] = [await member(ctx()), await member(ctx())];
    await addEmployee(w.db, w.shopId, manager.user.id, 'admin');
    const again = await order(w, late, { number: 1, period: 1 });
    expect(again.statusCode).toBe(201);
    expect((await manager.client.get(`/commands/sold/${again.json().command.id}`)).statusCode).toBe(
      200,
    );
    expect(await offerAnswer(w)).toMatchObject({ available_number: 1, sold_count: 3 });
  });

  it('rents one thing by the hour: overlapping hours are refused, following ones taken', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'hourly_rent' });
    const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000).toISOString();
    const a = await order(w, w.buyer, { period: 5, starts_at: at(1) });
    // Ordered before the first is accepted: the check at acceptance refuses it, writing nothing.
    const b = await order(w, w.stranger, { period: 2, starts_at: at(3) });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await accept(w, a.json().command.id)).statusCode).toBe(200);
    const refused = await accept(w, b.json().command.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { global: ['number_not_available'] } });
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 1, sold: 0 });
    expect(
      (await w.stranger.client.get(`/commands/command/${b.json().command.id}`)).json(),
    ).toMatchObject({ command: { sold: false } });

    expect((await order(w, w.stranger, { period: 1, starts_at: at(5.5) })).statusCode).toBe(422);
    expect((await order(w, w.stranger, { period: 1, starts_at: at(6) })).statusCode).toBe(201);
    // Before its start the thing is free; during the rent it is not, until its end.
    expect(await offerAnswer(w)).toMatchObject({ available_number: 1, available_from: null });
    vi.setSystemTime(new Date(at(2)));
    expect(await offerAnswer(w)).toMatchObject({ available_number: 0, available_from: at(6) });
  });

  it('a rent that ends frees its unit at the next read, though the offer was read just before', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'hourly_rent' });
    const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000).toISOString();
    const rent = await order(w, w.buyer, { period: 1, starts_at: at(1) });
    expect((await accept(w, rent.json().command.id)).statusCode).toBe(200);
    // Half a second before its end, then half a second after: its holds are kept between the
    // two reads (product-cache.ts), and the second reads them at its own time.
    vi.setSystemTime(new Date(Date.parse(at(2)) - 500));
    expect(await offerAnswer(w)).toMatchObject({ available_number: 0, available_from: at(2) });
    vi.setSystemTime(new Date(Date.parse(at(2)) + 500));
    expect(await offerAnswer(w)).toMatchObject({ available_number: 1, available_from: null });
  });

  it('checks the start asked, only for rents; a sale answers without availability', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'monthly_rent', number: 3 });
    const cases: [unknown, string][] = [
      ['soon', 'bad_input'],
      ['2031-02-30', 'bad_input'],
      [20310201, 'bad_input'],
      ['2031-01-09', 'date_in_past'],
      ['2032-02-01', 'date_too_far'],
    ];
    for (const [starts_at, key] of cases) {
      const res = await order(w, w.buyer, { starts_at });
      expect(res.statusCode, String(starts_at)).toBe(422);
      expect(res.json(), String(starts_at)).toEqual({ errors: { starts_at: [key] } });
    }
    // The wrong type of value is the body's shape (zod): 422 too, never a 500.
    expect((await order(w, w.buyer, { starts_at: 'x'.repeat(41) })).statusCode).toBe(422);
    const made = await order(w, w.buyer, { starts_at: '2031-01-10' });
    const edited = await w.buyer.client.put(`/commands/${made.json().command.id}`, {
      starts_at: '2031-02-01',
    });
    expect(edited.json().command.starts_at).toBe('2031-02-01T00:00:00.000Z');

    const sale = await rentWorld(ctx(), { offer_type: 'sale', number: 3 });
    const res = await order(sale, sale.buyer, { starts_at: '2031-02-01' });
    expect(res.json().command.starts_at).toBe(null);
    const offer = await offerAnswer(sale);
    expect('available_number' in offer || 'available_from' in offer).toBe(false);
  });

  it('accepts one of two overlapping rents of the last unit accepted at once', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'monthly_rent', number: 1 });
    const a = (await order(w, w.buyer, { period: 2 })).json().command;
    const b = (await order(w, w.stranger, { period: 1, starts_at: '2031-02-01' })).json().command;
    const results = await Promise.all([
      w.owner.client.get(`/commands/sold/${a.id}`),
      w.shopModerator.client.get(`/commands/sold/${b.id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const held = await w.db
      .selectFrom('commands')
      .select(['sold', 'ends_at'])
      .where('product_id', '=', w.product.id)
      .where('sold', '=', 1)
      .execute();
    expect(held).toHaveLength(1);
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 1 });
  });

  it('lets the owner edit a rent offer rented more times than it has units', async () => {
    const w = await rentWorld(ctx(), { offer_type: 'monthly_rent', number: 1 });
    // A month's rent, then another 40 days later (each by people signed in then: sessions end).
    let manager = w.owner;
    for (const name of ['First', 'Second']) {
      const who = await member(ctx(), 'user', name);
      manager = await member(ctx(), 'user', 'Manager');
      await addEmployee(w.db, w.shopId, manager.user.id, 'admin');
      const made = (await order(w, who, { period: 1 })).json().command;
      expect((await manager.client.get(`/commands/sold/${made.id}`)).statusCode).toBe(200);
      if (name === 'First') vi.setSystemTime(new Date(Date.now() + 40 * 86_400_000));
    }
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ sold_count: 2, number: 1 });
    const res = await manager.client.put(`/products/${w.product.id}`, { number: 3, price: 25_000 });
    expect(res.statusCode).toBe(200);
    // The second month's rent runs: one of the three units is out.
    expect(res.json().product).toMatchObject({ number: 3, price: 25_000, available_number: 2 });
  });
});
