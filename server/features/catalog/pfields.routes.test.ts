import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import {
  insertCategory,
  insertSubcategory,
  roleClients,
  uniqueName,
  type RoleClients,
} from './catalog.test-support';

const FIELD_KEYS = [
  'id',
  'psubcategory_id',
  'name',
  'name_ar',
  'name_fr',
  'translated',
  'type',
  'mesure_unit',
  'position',
  'values',
].sort();

const BRANDS = JSON.stringify([
  {
    value: 'Toyota',
    sub_field: { name: 'model', values: [{ value: 'Hilux' }, { value: 'Corolla' }] },
  },
  { value: 'Mercedes' },
]);

describeEachEngine('pfields', (ctx) => {
  let c: RoleClients;
  beforeAll(async () => {
    c = await roleClients(ctx());
  });
  const subcategory = async () => {
    const cat = await insertCategory(ctx(), uniqueName('cat'));
    return insertSubcategory(ctx(), cat.id, 'cars');
  };

  it('creates a field with SPEC §9 defaults and exact keys', async () => {
    const sub = await subcategory();
    const res = await c.admin.post(`/pfields/create/${sub.id}`, { name: ' colour ' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['pfield']);
    const { pfield } = res.json();
    expect(Object.keys(pfield).sort()).toEqual(FIELD_KEYS);
    expect(pfield).toEqual({
      id: expect.any(Number),
      psubcategory_id: sub.id,
      name: 'colour',
      name_ar: null,
      name_fr: null,
      translated: 'yes',
      type: 'text',
      mesure_unit: '',
      position: 'third',
      values: '[]',
    });
  });

  it('lets a moderator create a select field with values and sub-fields', async () => {
    const sub = await subcategory();
    const body = {
      name: 'brand',
      name_fr: 'Marque',
      translated: 'no',
      type: 'select',
      mesure_unit: '',
      position: 'first',
      values: BRANDS,
    };
    const res = await c.moderator.post(`/pfields/create/${sub.id}`, body);
    expect(res.statusCode).toBe(201);
    const { pfield } = res.json();
    expect(pfield).toMatchObject({ ...body, values: expect.any(String) });
    expect(JSON.parse(pfield.values)).toEqual(JSON.parse(BRANDS));
  });

  it('stores values as canonical JSON text: unknown keys dropped, numbers as text', async () => {
    const sub = await subcategory();
    const res = await c.admin.post(`/pfields/create/${sub.id}`, {
      name: 'storage',
      type: 'select',
      mesure_unit: 'GB',
      values: '[ {"value": 64, "colour": "x"}, {"value": "128", "sub_field": null} ]',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pfield.values).toBe('[{"value":"64"},{"value":"128"}]');
    const blank = await c.admin.post(`/pfields/create/${sub.id}`, { name: 'notes', values: '  ' });
    expect(blank.json().pfield.values).toBe('[]');
  });

  it('keeps a sub-field’s Arabic and French labels, trimmed, blank ones dropped (issue 35 item 18)', async () => {
    const sub = await subcategory();
    const values = JSON.stringify([
      {
        value: 'Moto',
        sub_field: {
          name: 'cylindree',
          name_ar: ' سعة المحرك ',
          name_fr: 'Cylindrée',
          values: [
            { value: '125' },
            { value: '250', sub_field: { name: 'x', name_fr: '', values: [] } },
          ],
        },
      },
    ]);
    const res = await c.admin.post(`/pfields/create/${sub.id}`, {
      name: 'kind',
      type: 'select',
      values,
    });
    expect(res.statusCode).toBe(201);
    const stored = JSON.parse(res.json().pfield.values);
    expect(stored[0].sub_field).toEqual({
      name: 'cylindree',
      name_ar: 'سعة المحرك',
      name_fr: 'Cylindrée',
      values: [{ value: '125' }, { value: '250', sub_field: { name: 'x', values: [] } }],
    });
    // What the post form and the search read: the field as GET answers it.
    const read = await ctx().client().get(`/pfields/psubcategory/${sub.id}`);
    expect(read.statusCode).toBe(200);
    const field = (read.json().pfields as { id: number; values: string }[]).find(
      (f) => f.id === res.json().pfield.id,
    );
    expect(JSON.parse(field!.values)[0].sub_field.name_fr).toBe('Cylindrée');
    // Labels are labels: text of at most a name's length, nothing else.
    for (const bad of [{ name_fr: 7 }, { name_ar: 'x'.repeat(500) }]) {
      const refused = await c.admin.post(`/pfields/create/${sub.id}`, {
        name: uniqueName('bad'),
        type: 'select',
        values: JSON.stringify([{ value: 'a', sub_field: { name: 'm', ...bad, values: [] } }]),
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      expect(refused.json().errors).toEqual({ values: ['bad_input'] });
    }
  });

  it('accepts the types, units and positions of SPEC §9, and only those', async () => {
    const sub = await subcategory();
    for (const type of ['text', 'number', 'select', 'checkbox', 'radio']) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, { name: uniqueName(type), type });
      expect(res.json().pfield?.type, type).toBe(type);
    }
    for (const unit of ['', 'GB', 'M', 'M2', 'L', 'KM', 'KG', 'GHz', 'Mpx']) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, {
        name: uniqueName('u'),
        mesure_unit: unit,
      });
      expect(res.json().pfield?.mesure_unit, unit).toBe(unit);
    }
    for (const position of ['first', 'second', 'third']) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, {
        name: uniqueName('p'),
        position,
      });
      expect(res.json().pfield?.position, position).toBe(position);
    }
    const cases: [string, unknown][] = [
      ['type', 'date'],
      ['type', 'SELECT'],
      ['mesure_unit', 'HO'],
      ['mesure_unit', 'CM'],
      ['position', 'fourth'],
      ['position', 1],
      ['translated', 'oui'],
    ];
    for (const [field, value] of cases) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, { name: 'x', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(res.json().errors).toEqual({ [field]: ['bad_input'] });
    }
  });

  it('wants values as JSON text of { value, sub_field? } items', async () => {
    const sub = await subcategory();
    const notJson = ['[{"value":"a"', "['a']", 'petrol, diesel', '{'];
    for (const values of notJson) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, { name: 'x', values });
      expect(res.statusCode, values).toBe(422);
      expect(res.json().errors).toEqual({ values: ['invalid_json'] });
    }
    const wrongShape = [
      '{"value":"a"}',
      '"petrol"',
      '["petrol","diesel"]',
      '[{"label":"a"}]',
      '[{"value":""}]',
      '[{"value":"a"},{"value":"a"}]',
      '[{"value":"a","sub_field":{"values":[]}}]',
      '[{"value":"a","sub_field":{"name":"m","values":["x"]}}]',
      '[{"value":"a","sub_field":{"name":"m","values":[{"value":"x"},{"value":"x"}]}}]',
      'null',
    ];
    for (const values of wrongShape) {
      const res = await c.admin.post(`/pfields/create/${sub.id}`, { name: 'x', values });
      expect(res.statusCode, values).toBe(422);
      expect(res.json().errors).toEqual({ values: ['bad_input'] });
    }
    // JSON itself, not text holding it.
    const res = await c.admin.post(`/pfields/create/${sub.id}`, {
      name: 'x',
      values: [{ value: 'a' }],
    });
    expect(res.json().errors).toEqual({ values: ['bad_input'] });
  });

  it('requires a name, refuses a name the subcategory has, and answers 404/403/401', async () => {
    const sub = await subcategory();
    let res = await c.admin.post(`/pfields/create/${sub.id}`, { name: '' });
    expect(res.json().errors).toEqual({ name: ['required'] });
    await c.admin.post(`/pfields/create/${sub.id}`, { name: 'fuel' });
    res = await c.admin.post(`/pfields/create/${sub.id}`, { name: 'FUEL' });
    expect(res.json().errors).toEqual({ name: ['name_taken'] });
    expect((await c.admin.post('/pfields/create/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await c.admin.post('/pfields/create/abc', { name: 'x' })).statusCode).toBe(404);
    expect((await c.user.post(`/pfields/create/${sub.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await c.anonymous.post(`/pfields/create/${sub.id}`, { name: 'x' })).statusCode).toBe(
      401,
    );
  });

  it("lists a subcategory's fields for anyone, by position then creation", async () => {
    const sub = await subcategory();
    const make = (name: string, position: string) =>
      c.admin.post(`/pfields/create/${sub.id}`, { name, position });
    await make('colour', 'third');
    await make('brand', 'first');
    await make('mileage', 'second');
    await make('model', 'first');
    const res = await c.anonymous.get(`/pfields/psubcategory/${sub.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['pfields']);
    const { pfields } = res.json();
    expect(pfields.map((f: { name: string }) => f.name)).toEqual([
      'brand',
      'model',
      'mileage',
      'colour',
    ]);
    expect(Object.keys(pfields[0]).sort()).toEqual(FIELD_KEYS);
    expect(typeof pfields[0].values).toBe('string');
    expect((await c.anonymous.get('/pfields/psubcategory/999999')).statusCode).toBe(404);
  });

  it('updates a field, keeps what is left out, and validates like a create', async () => {
    const sub = await subcategory();
    const created = (
      await c.admin.post(`/pfields/create/${sub.id}`, {
        name: 'fuel',
        type: 'select',
        position: 'second',
        values: '[{"value":"petrol"}]',
      })
    ).json().pfield;
    let res = await c.moderator.put(`/pfields/${created.id}`, {
      name: 'fuel',
      values: '[{"value":"petrol"},{"value":"diesel"}]',
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['pfield']);
    expect(res.json().pfield).toEqual({
      ...created,
      values: '[{"value":"petrol"},{"value":"diesel"}]',
    });
    res = await c.admin.put(`/pfields/${created.id}`, {
      name: 'energy',
      type: 'radio',
      translated: 'no',
      mesure_unit: 'KM',
      position: 'first',
    });
    expect(res.json().pfield).toMatchObject({
      name: 'energy',
      type: 'radio',
      translated: 'no',
      mesure_unit: 'KM',
      position: 'first',
      values: '[{"value":"petrol"},{"value":"diesel"}]',
    });
    res = await c.admin.put(`/pfields/${created.id}`, {
      type: 'date',
      position: 'top',
      mesure_unit: 'DA',
      values: '[1,2]',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['required'],
      type: ['bad_input'],
      position: ['bad_input'],
      mesure_unit: ['bad_input'],
      values: ['bad_input'],
    });
    res = await c.admin.put(`/pfields/${created.id}`, { name: 'x', values: 'nope' });
    expect(res.json().errors).toEqual({ values: ['invalid_json'] });
    expect((await c.admin.put('/pfields/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await c.user.put(`/pfields/${created.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await c.anonymous.put(`/pfields/${created.id}`, { name: 'x' })).statusCode).toBe(401);
  });

  it("deletes a field, with the products' values for it", async () => {
    const sub = await subcategory();
    const field = (await c.admin.post(`/pfields/create/${sub.id}`, { name: 'colour' })).json()
      .pfield;
    const db = ctx().app.db;
    const product = await createProduct(db, {
      shop_id: await personalShopOf(db, c.userId),
      psubcategory_id: sub.id,
    });
    await db
      .insertInto('product_pfield')
      .values({ product_id: product.id, pfield_id: field.id, value: 'white' })
      .execute();
    expect((await c.user.delete(`/pfields/${field.id}`)).statusCode).toBe(403);
    expect((await c.anonymous.delete(`/pfields/${field.id}`)).statusCode).toBe(401);
    expect((await c.moderator.delete(`/pfields/${field.id}`)).statusCode).toBe(204);
    expect(
      await db.selectFrom('pfields').select('id').where('id', '=', field.id).execute(),
    ).toEqual([]);
    const values = await db
      .selectFrom('product_pfield')
      .select('value')
      .where('product_id', '=', product.id)
      .execute();
    expect(values).toEqual([]);
    expect((await c.admin.delete(`/pfields/${field.id}`)).statusCode).toBe(404);
  });
});
