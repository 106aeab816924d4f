import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { count, createPfield, sendForm, signIn } from './products.test-helpers';

// SPEC §3: a value may open a sub-field (a car brand → its models). The product form sends the
// sub-field's value as `pfield_{id}_sub`; it is kept beside the value, answered as
// `pivot.sub_value`, and found by the search under the same key.

describeEachEngine('products: sub-fields (brand → model)', (ctx) => {
  let subId: number;
  let brand: number;
  let colour: number;
  let gearbox: number;
  beforeAll(async () => {
    const db = ctx().app.db;
    subId = (await createSubcategory(db, { name: 'cars' })).id;
    brand = (
      await createPfield(
        db,
        subId,
        'select',
        [
          {
            value: 'Toyota',
            sub_field: { name: 'model', values: [{ value: 'Hilux' }, { value: 'Corolla' }] },
          },
          { value: 'Peugeot', sub_field: { name: 'model', values: [{ value: '206' }] } },
          'Other',
        ],
        'brand',
      )
    ).id;
    colour = (await createPfield(db, subId, 'text', [], 'colour')).id;
    gearbox = (await createPfield(db, subId, 'checkbox', ['manual', 'automatic'], 'gearbox')).id;
  });

  const pivotOf = (product: { pfields: { id: number; pivot: unknown }[] }, id: number) =>
    product.pfields.find((f) => f.id === id)?.pivot;

  it('keeps the model beside the brand, from a form and from JSON, and answers it', async () => {
    const { client } = await signIn(ctx());
    const form = await sendForm(client, 'POST', '/products/create/offer', {
      name: 'Toyota Hilux',
      psubcategory_id: String(subId),
      [`pfield_${brand}`]: 'Toyota',
      [`pfield_${brand}_sub`]: 'Hilux',
      [`pfield_${colour}`]: 'blanc',
    });
    expect(form.statusCode, form.body).toBe(201);
    const product = form.json().product;
    expect(pivotOf(product, brand)).toEqual({ value: 'Toyota', sub_value: 'Hilux' });
    expect(pivotOf(product, colour)).toEqual({ value: 'blanc', sub_value: null });

    const json = await client.post('/products/create/offer', {
      name: 'Peugeot 206',
      psubcategory_id: subId,
      [`pfield_${brand}`]: 'Peugeot',
      [`pfield_${brand}_sub`]: '206',
    });
    expect(json.statusCode, json.body).toBe(201);
    const read = await ctx()
      .client()
      .get(`/products/product/${json.json().product.id}`, {
        headers: { accept: 'application/json' },
      });
    expect(pivotOf(read.json().product, brand)).toEqual({ value: 'Peugeot', sub_value: '206' });

    // A brand without a model, and a brand that opens no sub-field.
    for (const value of ['Toyota', 'Other']) {
      const res = await client.post('/products/create/offer', {
        name: value,
        psubcategory_id: subId,
        [`pfield_${brand}`]: value,
        [`pfield_${brand}_sub`]: '',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(pivotOf(res.json().product, brand)).toEqual({ value, sub_value: null });
    }
  });

  it('answers 422 under pfield_{id}_sub for a model the chosen brand does not offer', async () => {
    const { client } = await signIn(ctx());
    const before = await count(ctx().app.db, 'products');
    const cases: [Record<string, unknown>, string][] = [
      // Another brand's model, an unknown one, a model of a brand opening none, a list.
      [{ [`pfield_${brand}`]: 'Toyota', [`pfield_${brand}_sub`]: '206' }, `pfield_${brand}_sub`],
      [{ [`pfield_${brand}`]: 'Toyota', [`pfield_${brand}_sub`]: 'Yaris' }, `pfield_${brand}_sub`],
      [{ [`pfield_${brand}`]: 'Other', [`pfield_${brand}_sub`]: 'Hilux' }, `pfield_${brand}_sub`],
      [
        { [`pfield_${brand}`]: 'Toyota', [`pfield_${brand}_sub`]: ['Hilux'] },
        `pfield_${brand}_sub`,
      ],
      // A model without its brand, or with a cleared one.
      [{ [`pfield_${brand}_sub`]: 'Hilux' }, `pfield_${brand}_sub`],
      [{ [`pfield_${brand}`]: '', [`pfield_${brand}_sub`]: 'Hilux' }, `pfield_${brand}_sub`],
      // Fields that open no sub-field.
      [{ [`pfield_${colour}`]: 'blanc', [`pfield_${colour}_sub`]: 'x' }, `pfield_${colour}_sub`],
      [
        { [`pfield_${gearbox}`]: ['manual'], [`pfield_${gearbox}_sub`]: 'x' },
        `pfield_${gearbox}_sub`,
      ],
      [{ pfield_987654_sub: 'x' }, 'pfield_987654_sub'],
    ];
    for (const [fields, key] of cases) {
      const res = await client.post('/products/create/offer', {
        name: 'x',
        psubcategory_id: subId,
        ...fields,
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors).toEqual({ [key]: ['bad_input'] });
    }
    expect(await count(ctx().app.db, 'products')).toBe(before);
  });

  it('changes and clears the model on edit', async () => {
    const { client } = await signIn(ctx());
    const created = await client.post('/products/create/offer', {
      name: 'Toyota',
      psubcategory_id: subId,
      [`pfield_${brand}`]: 'Toyota',
      [`pfield_${brand}_sub`]: 'Hilux',
    });
    const id = created.json().product.id;
    const put = (fields: Record<string, unknown>) => client.put(`/products/${id}`, fields);

    const changed = await put({
      [`pfield_${brand}`]: 'Toyota',
      [`pfield_${brand}_sub`]: 'Corolla',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(pivotOf(changed.json().product, brand)).toEqual({
      value: 'Toyota',
      sub_value: 'Corolla',
    });
    const bad = await put({ [`pfield_${brand}`]: 'Peugeot', [`pfield_${brand}_sub`]: 'Corolla' });
    expect(bad.json().errors).toEqual({ [`pfield_${brand}_sub`]: ['bad_input'] });
    // A new brand sent without a model leaves none (the old model was the old brand's).
    const newBrand = await put({ [`pfield_${brand}`]: 'Peugeot' });
    expect(pivotOf(newBrand.json().product, brand)).toEqual({ value: 'Peugeot', sub_value: null });
  });

  it('finds offers by model with the same key, and refuses it on a field without sub-fields', async () => {
    const { client } = await signIn(ctx());
    const made: Record<string, number> = {};
    for (const [label, brandValue, model] of [
      ['hilux', 'Toyota', 'Hilux'],
      ['corolla', 'Toyota', 'Corolla'],
      ['p206', 'Peugeot', '206'],
    ]) {
      const res = await client.post('/products/create/offer', {
        name: `search ${label}`,
        psubcategory_id: subId,
        [`pfield_${brand}`]: brandValue,
        [`pfield_${brand}_sub`]: model,
      });
      made[label] = res.json().product.id;
    }
    const search = (body: Record<string, unknown>) =>
      ctx()
        .client()
        .post(`/products/psubcategory/${subId}/search`, { name: 'search', ...body });
    const ids = async (body: Record<string, unknown>) => {
      const res = await search(body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().products.data.map((c: { id: number }) => c.id);
    };
    expect(await ids({ [`pfield_${brand}_sub`]: 'Hilux' })).toEqual([made.hilux]);
    expect(
      await ids({ [`pfield_${brand}`]: 'Toyota', [`pfield_${brand}_sub`]: 'Corolla' }),
    ).toEqual([made.corolla]);
    expect(await ids({ [`pfield_${brand}`]: 'Peugeot', [`pfield_${brand}_sub`]: 'Hilux' })).toEqual(
      [],
    );
    expect((await ids({ [`pfield_${brand}_sub`]: '' })).length).toBe(3);
    for (const [key, value] of [
      [`pfield_${colour}_sub`, 'x'],
      ['pfield_987654_sub', 'x'],
      [`pfield_${brand}_sub`, { min: 1 }],
    ] as const) {
      const res = await search({ [key]: value });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [key]: ['bad_input'] });
    }
  });
});
