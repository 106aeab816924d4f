import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { createPfield, sendForm, signIn } from './products.test-helpers';
import { world } from '../commands/conversations.fixtures';

// Issue 35 item 3: what an Arabic keyboard types (٢٥٠٠٠٠٠, ۲۵, ١٢٫٥, ٢٬٥٠٠) is a number on every
// numeric input of the API, read by the one rule of shared/domain/numbers.ts; text that is no
// number is still refused with 422.

describeEachEngine('numbers typed in Arabic-Indic digits (issue 35 item 3)', (ctx) => {
  let subId: number;
  let mileage: number;
  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db, { name: 'cars', can_be_counted: 'yes' })).id;
    mileage = (await createPfield(db, subId, 'number', [], 'mileage')).id;
  });

  it('reads price, number and number fields of a posted form', async () => {
    const { client } = await signIn(ctx());
    const res = await sendForm(client, 'POST', '/products/create/offer', {
      name: 'Hilux',
      psubcategory_id: String(subId),
      price: '٢٥٠٠٠٠٠',
      number: '۳',
      [`pfield_${mileage}`]: '١٦٨٬٠٠٠٫٥',
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product;
    expect(product.price).toBe(2_500_000);
    expect(product.number).toBe(3);
    expect(product.pfields.find((f: { id: number }) => f.id === mileage).pivot.value).toBe(
      '168000.5',
    );

    const bad = await sendForm(client, 'POST', '/products/create/offer', {
      name: 'Hilux',
      psubcategory_id: String(subId),
      price: '٢٥x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ price: ['bad_input'] });
  });

  it('reads a command’s number, period and price', async () => {
    const w = await world(ctx(), {
      subcategory: { can_be_rented: 'yes', can_be_priced: 'yes' },
      product: { offer_type: 'monthly_rent', number: 5, price: 100, negotiable: 'yes' },
    });
    const url = `/commands/create/product/${w.product.id}`;
    const res = await w.buyer.client.post(url, { number: '٢', period: '٦', price: '٩٠' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().command).toMatchObject({ number: 2, period: 6, price: 90 });
    const half = await w.buyer.client.post(url, { number: '١٫٥' });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ number: ['bad_input'] });
  });

  it('reads the search’s price bounds', async () => {
    const res = await ctx()
      .client()
      .post('/products/all/0/search', { min_price: '١٠٠', max_price: '٢٬٠٠٠' });
    expect(res.statusCode, res.body).toBe(200);
    const bad = await ctx().client().post('/products/all/0/search', { min_price: '١٠٠x' });
    expect(bad.statusCode).toBe(422);
  });
});
