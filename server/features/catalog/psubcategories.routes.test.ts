import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import {
  insertCategory,
  insertField,
  insertSubcategory,
  roleClients,
  uniqueName,
  type RoleClients,
} from './catalog.test-support';

const SUBCATEGORY_KEYS = [
  'id',
  'name',
  'name_ar',
  'name_fr',
  'pcategory_id',
  'pcategory',
  'order_number',
  'can_be_used',
  'can_be_rented',
  'can_be_delivered',
  'can_be_priced',
  'can_be_counted',
  'mesure_unit',
].sort();

describeEachEngine('psubcategories', (ctx) => {
  let c: RoleClients;
  beforeAll(async () => {
    c = await roleClients(ctx());
  });
  const category = () => insertCategory(ctx(), uniqueName('cat'));

  it('creates a subcategory with SPEC §9 defaults and exact keys', async () => {
    const cat = await category();
    const res = await c.admin.post(`/psubcategories/create/${cat.id}`, { name: ' cars ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['psubcategory']);
    expect(Object.keys(body.psubcategory).sort()).toEqual(SUBCATEGORY_KEYS);
    expect(body.psubcategory).toEqual({
      id: expect.any(Number),
      name: 'cars',
      name_ar: null,
      name_fr: null,
      pcategory_id: cat.id,
      pcategory: { id: cat.id, name: cat.name },
      order_number: 1,
      can_be_used: 'yes',
      can_be_rented: 'yes',
      can_be_delivered: 'yes',
      can_be_priced: 'yes',
      can_be_counted: 'yes',
      mesure_unit: '',
    });
  });

  it('lets a moderator create one with every field given', async () => {
    const cat = await category();
    const body = {
      name: 'plumbing',
      name_ar: 'سباكة',
      name_fr: 'Plomberie',
      order_number: 4,
      can_be_used: 'no',
      can_be_rented: 'yes',
      can_be_delivered: 'no',
      can_be_priced: 'yes',
      can_be_counted: 'no',
      mesure_unit: 'HO',
    };
    const res = await c.moderator.post(`/psubcategories/create/${cat.id}`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().psubcategory).toMatchObject(body);
  });

  it('accepts every unit of SPEC §9, and only those', async () => {
    const cat = await category();
    for (const unit of ['M', 'M2', 'KG', 'L', 'GB', 'KM', 'GHz', 'Mpx', 'HO', 'DA', 'MO', '']) {
      const res = await c.admin.post(`/psubcategories/create/${cat.id}`, {
        name: uniqueName('u'),
        mesure_unit: unit,
      });
      expect(res.statusCode, unit).toBe(201);
      expect(res.json().psubcategory.mesure_unit).toBe(unit);
    }
    for (const unit of ['CM', 'km', 'ho', 'X', 5]) {
      const res = await c.admin.post(`/psubcategories/create/${cat.id}`, {
        name: 'x',
        mesure_unit: unit,
      });
      expect(res.statusCode, String(unit)).toBe(422);
      expect(res.json().errors).toEqual({ mesure_unit: ['bad_input'] });
    }
  });

  it('puts each bad input under its field', async () => {
    const cat = await category();
    let res = await c.admin.post(`/psubcategories/create/${cat.id}`, {});
    expect(res.json().errors).toEqual({ name: ['required'] });
    for (const order_number of [0, -1, 'abc', 1.5]) {
      res = await c.admin.post(`/psubcategories/create/${cat.id}`, { name: 'x', order_number });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ order_number: ['bad_input'] });
    }
    res = await c.admin.post(`/psubcategories/create/${cat.id}`, {
      name: '  ',
      can_be_used: 'maybe',
      can_be_rented: true,
      can_be_delivered: 'oui',
      can_be_priced: 1,
      can_be_counted: 'YES',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['required'],
      can_be_used: ['bad_input'],
      can_be_rented: ['bad_input'],
      can_be_delivered: ['bad_input'],
      can_be_priced: ['bad_input'],
      can_be_counted: ['bad_input'],
    });
    const count = await ctx()
      .app.db.selectFrom('psubcategories')
      .select('id')
      .where('pcategory_id', '=', cat.id)
      .execute();
    expect(count).toEqual([]);
  });

  it('refuses a name the category already has, but not one of another category', async () => {
    const [a, b] = [await category(), await category()];
    expect(
      (await c.admin.post(`/psubcategories/create/${a.id}`, { name: 'phones' })).statusCode,
    ).toBe(201);
    const again = await c.admin.post(`/psubcategories/create/${a.id}`, { name: 'Phones' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['name_taken'] });
    expect(
      (await c.admin.post(`/psubcategories/create/${b.id}`, { name: 'phones' })).statusCode,
    ).toBe(201);
  });

  it('answers 404 for an unknown category, 403 to users and 401 to anonymous', async () => {
    const cat = await category();
    for (const path of ['/psubcategories/create/999999', '/psubcategories/create/x']) {
      const res = await c.admin.post(path, { name: 'x' });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await c.user.post(`/psubcategories/create/${cat.id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await c.anonymous.post(`/psubcategories/create/${cat.id}`, {})).statusCode).toBe(401);
  });

  it('updates a subcategory, keeps what is left out, and can move it', async () => {
    const [a, b] = [await category(), await category()];
    const created = (
      await c.admin.post(`/psubcategories/create/${a.id}`, {
        name: 'rooms',
        can_be_used: 'no',
        mesure_unit: 'M2',
      })
    ).json().psubcategory;
    let res = await c.moderator.put(`/psubcategories/${created.id}`, {
      name: 'rooms_to_rent',
      can_be_counted: 'no',
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['psubcategory']);
    expect(res.json().psubcategory).toEqual({
      ...created,
      name: 'rooms_to_rent',
      can_be_counted: 'no',
    });
    res = await c.admin.put(`/psubcategories/${created.id}`, {
      name: 'rooms_to_rent',
      pcategory_id: b.id,
      mesure_unit: '',
      order_number: 3,
    });
    expect(res.json().psubcategory).toMatchObject({
      pcategory_id: b.id,
      pcategory: { id: b.id, name: b.name },
      mesure_unit: '',
      order_number: 3,
      can_be_used: 'no',
    });
    res = await c.admin.put(`/psubcategories/${created.id}`, { name: 'x', pcategory_id: 999999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ pcategory_id: ['bad_input'] });
  });

  it('validates updates and guards them', async () => {
    const cat = await category();
    const sub = await insertSubcategory(ctx(), cat.id, 'x');
    let res = await c.admin.put(`/psubcategories/${sub.id}`, {
      order_number: -1,
      mesure_unit: 'CM',
      can_be_priced: 'no way',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['required'],
      order_number: ['bad_input'],
      mesure_unit: ['bad_input'],
      can_be_priced: ['bad_input'],
    });
    res = await c.admin.put('/psubcategories/999999', { name: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await c.user.put(`/psubcategories/${sub.id}`, { name: 'y' })).statusCode).toBe(403);
    expect((await c.anonymous.put(`/psubcategories/${sub.id}`, { name: 'y' })).statusCode).toBe(
      401,
    );
  });

  it("lists a category's subcategories for anyone, by order_number then name", async () => {
    const cat = await category();
    await insertSubcategory(ctx(), cat.id, 'b', 2);
    await insertSubcategory(ctx(), cat.id, 'c', 1);
    await insertSubcategory(ctx(), cat.id, 'a', 2);
    const other = await category();
    await insertSubcategory(ctx(), other.id, 'z', 1);
    const res = await c.anonymous.get(`/psubcategories/pcategory/${cat.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['psubcategories']);
    const list = res.json().psubcategories;
    expect(list.map((s: { name: string }) => s.name)).toEqual(['c', 'a', 'b']);
    expect(Object.keys(list[0]).sort()).toEqual(SUBCATEGORY_KEYS);
    expect(list[0].pcategory).toEqual({ id: cat.id, name: cat.name });
    expect((await c.anonymous.get('/psubcategories/pcategory/999999')).statusCode).toBe(404);
    expect((await c.anonymous.get('/psubcategories/pcategory/abc')).statusCode).toBe(404);
  });

  it('paginates every subcategory, grouped in category order', async () => {
    const late = await insertCategory(ctx(), uniqueName('late'), 1000);
    const early = await insertCategory(ctx(), uniqueName('early'), 999);
    for (let i = 0; i < 12; i++) {
      await insertSubcategory(ctx(), late.id, `s${String(i).padStart(2, '0')}`, 1);
      await insertSubcategory(ctx(), early.id, `s${String(i).padStart(2, '0')}`, 1);
    }
    const total = Number(
      (
        await ctx()
          .app.db.selectFrom('psubcategories')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const all = [];
    const lastPage = Math.ceil(total / 20);
    for (let page = 1; page <= lastPage; page++) {
      const res = await c.anonymous.get(`/psubcategories/v2/paginate?page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['psubcategories']);
      const p = res.json().psubcategories;
      expect(p).toMatchObject({ current_page: page, last_page: lastPage, per_page: 20, total });
      all.push(...p.data);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((s) => s.id)).size).toBe(total);
    // The two categories come last, the earlier-ordered one first, each sorted by name.
    const tail = all.slice(-24);
    expect(tail.slice(0, 12).every((s) => s.pcategory_id === early.id)).toBe(true);
    expect(tail.slice(12).map((s) => s.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `s${String(i).padStart(2, '0')}`),
    );
    expect(
      (await c.anonymous.get('/psubcategories/v2/paginate')).json().psubcategories.current_page,
    ).toBe(1);
    expect((await c.anonymous.get('/psubcategories/v2/paginate?page=')).statusCode).toBe(200);
    const bad = await c.anonymous.get('/psubcategories/v2/paginate?page=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['bad_input'] });
  });

  it('deletes an unused subcategory with its fields', async () => {
    const cat = await category();
    const sub = await insertSubcategory(ctx(), cat.id, 'x');
    const field = await insertField(ctx(), sub.id, 'colour');
    expect((await c.user.delete(`/psubcategories/${sub.id}`)).statusCode).toBe(403);
    expect((await c.anonymous.delete(`/psubcategories/${sub.id}`)).statusCode).toBe(401);
    expect((await c.moderator.delete(`/psubcategories/${sub.id}`)).statusCode).toBe(204);
    const db = ctx().app.db;
    expect(
      await db.selectFrom('psubcategories').select('id').where('id', '=', sub.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('pfields').select('id').where('id', '=', field.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('pcategories').select('id').where('id', '=', cat.id).execute(),
    ).toHaveLength(1);
    expect((await c.admin.delete(`/psubcategories/${sub.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a subcategory that products use', async () => {
    const cat = await category();
    const sub = await insertSubcategory(ctx(), cat.id, 'x');
    const field = await insertField(ctx(), sub.id, 'colour');
    const db = ctx().app.db;
    await createProduct(db, {
      shop_id: await personalShopOf(db, c.userId),
      psubcategory_id: sub.id,
    });
    const res = await c.admin.delete(`/psubcategories/${sub.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ global: ['subcategory_in_use'] });
    expect(
      await db.selectFrom('pfields').select('id').where('id', '=', field.id).execute(),
    ).toHaveLength(1);
  });
});
