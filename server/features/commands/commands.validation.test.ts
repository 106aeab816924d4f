import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { member, productCounters, world } from './conversations.fixtures';
import { createProduct } from '../../test/fixtures';

// SPEC §5 on the server: each rule's 422 under its field, and no row written when refused.

describeEachEngine('command rules (SPEC §5)', (ctx) => {
  it('checks number against the stock of a countable product', async () => {
    const w = await world(ctx(), { product: { number: 5, sold_count: 2 } });
    const url = `/commands/create/product/${w.product.id}`;
    for (const number of [0, -1, 1.5, 'abc', '2x', true, 3_000_000_000]) {
      const res = await w.buyer.client.post(url, { number });
      expect(res.statusCode, String(number)).toBe(422);
      expect(res.json().errors).toEqual({ number: ['bad_input'] });
    }
    const over = await w.buyer.client.post(url, { number: 4 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ number: ['number_not_available'] });
    expect(await productCounters(w.db, w.product.id)).toMatchObject({ commands_count: 0 });
    expect(
      await w.db
        .selectFrom('commands')
        .select('id')
        .where('product_id', '=', w.product.id)
        .execute(),
    ).toEqual([]);

    const ok = await w.buyer.client.post(url, { number: '3' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().command.number).toBe(3);
    const byDefault = await w.buyer.client.post(url, {});
    expect(byDefault.json().command.number).toBe(1);
  });

  it('refuses any order once a countable product has none left', async () => {
    const w = await world(ctx(), { product: { number: 2, sold_count: 2 } });
    const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ number: ['number_not_available'] });
  });

  it('makes number 1 when the product is not countable', async () => {
    const w = await world(ctx(), { subcategory: { can_be_counted: 'no' } });
    const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      number: 40,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().command.number).toBe(1);
  });

  it('takes a period of at least 1 for a rental, and none otherwise', async () => {
    const w = await world(ctx(), { product: { offer_type: 'monthly_rent', number: 3 } });
    const url = `/commands/create/product/${w.product.id}`;
    for (const period of [0, -2, 2.5, 'x']) {
      const res = await w.buyer.client.post(url, { period });
      expect(res.statusCode, String(period)).toBe(422);
      expect(res.json().errors).toEqual({ period: ['bad_input'] });
    }
    expect((await w.buyer.client.post(url, { period: 6 })).json().command.period).toBe(6);
    expect((await w.buyer.client.post(url, { period: '' })).json().command.period).toBe(null);
    expect((await w.buyer.client.post(url, {})).json().command.period).toBe(null);

    const sale = await createProduct(w.db, {
      shop_id: w.shopId,
      psubcategory_id: w.subcategory.id,
      offer_type: 'sale',
    });
    const res = await w.buyer.client.post(`/commands/create/product/${sale.id}`, { period: 6 });
    expect(res.statusCode).toBe(201);
    expect(res.json().command.period).toBe(null);
  });

  it('asks a price of at least 1 when negotiable, and takes the product price when not', async () => {
    const w = await world(ctx(), { product: { negotiable: 'yes', price: 900, number: 5 } });
    const url = `/commands/create/product/${w.product.id}`;
    for (const price of [0, -1, 10.5, 'cheap', {}]) {
      const res = await w.buyer.client.post(url, { price });
      expect(res.statusCode, JSON.stringify(price)).toBe(422);
      expect(res.json().errors).toEqual({ price: ['bad_input'] });
    }
    expect((await w.buyer.client.post(url, { price: 700 })).json().command.price).toBe(700);
    expect((await w.buyer.client.post(url, { price: null })).json().command.price).toBe(900);

    const fixed = await createProduct(w.db, {
      shop_id: w.shopId,
      psubcategory_id: w.subcategory.id,
      negotiable: 'no',
      price: 900,
    });
    const res = await w.buyer.client.post(`/commands/create/product/${fixed.id}`, { price: 1 });
    expect(res.json().command.price).toBe(900);

    const unpriced = await createProduct(w.db, {
      shop_id: w.shopId,
      psubcategory_id: w.subcategory.id,
      negotiable: 'yes',
      price: null,
    });
    const none = await w.buyer.client.post(`/commands/create/product/${unpriced.id}`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ price: ['required'] });
  });

  it('stores no price when the subcategory is not priced', async () => {
    const w = await world(ctx(), { subcategory: { can_be_priced: 'no' } });
    const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      price: 5000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().command.price).toBe(null);
  });

  it('takes private yes or no (no by default) and an optional, capped text', async () => {
    const w = await world(ctx(), { product: { number: 9 } });
    const url = `/commands/create/product/${w.product.id}`;
    const bad = await w.buyer.client.post(url, { private: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ private: ['bad_input'] });
    const long = await w.buyer.client.post(url, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ text: ['bad_input'] });
    const numeric = await w.buyer.client.post(url, { text: 12 });
    expect(numeric.json().errors).toEqual({ text: ['bad_input'] });

    const plain = (await w.buyer.client.post(url, { text: '   ' })).json().command;
    expect(plain).toMatchObject({ private: 'no', text: null });
    const secret = (
      await w.buyer.client.post(url, { private: 'yes', text: 'x'.repeat(2000) })
    ).json().command;
    expect(secret.private).toBe('yes');
    expect(secret.text).toHaveLength(2000);
  });

  it('reports every bad field at once', async () => {
    const w = await world(ctx(), {
      product: { offer_type: 'hourly_rent', negotiable: 'yes', number: 2 },
    });
    const res = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      price: 0,
      number: 3,
      period: 0,
      private: 'perhaps',
    });
    expect(res.statusCode).toBe(422);
    // Shape errors come first (schema); the rules run once the shape is right.
    expect(res.json().errors).toEqual({ private: ['bad_input'] });
    const rules = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      price: 0,
      number: 3,
      period: 0,
    });
    expect(rules.json().errors).toEqual({
      price: ['bad_input'],
      number: ['number_not_available'],
      period: ['bad_input'],
    });
  });

  it('answers a wrong body type with 422, never 500', async () => {
    const w = await world(ctx());
    const buyer = await member(ctx(), 'user', 'Other');
    for (const body of [[1, 2], 'text', { number: [1] }, { price: { a: 1 } }]) {
      const res = await buyer.client.post(`/commands/create/product/${w.product.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
