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

const CATEGORY_KEYS = ['id', 'name', 'name_ar', 'name_fr', 'order_number'];

describeEachEngine('pcategories', (ctx) => {
  let c: RoleClients;
  beforeAll(async () => {
    c = await roleClients(ctx());
  });

  it('lets an admin create a category, with defaults, a trimmed name and exact keys', async () => {
    const res = await c.admin.post('/pcategories/create', { name: '  vehicles_a  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['pcategory']);
    expect(Object.keys(body.pcategory).sort()).toEqual([...CATEGORY_KEYS].sort());
    expect(body.pcategory).toMatchObject({
      name: 'vehicles_a',
      name_ar: null,
      name_fr: null,
      order_number: 1,
    });
    expect(body.pcategory.id).toEqual(expect.any(Number));
  });

  it('lets a moderator create one, with labels and an order number given as text', async () => {
    const res = await c.moderator.post('/pcategories/create', {
      name: uniqueName('garden'),
      name_ar: 'حديقة',
      name_fr: 'Jardin',
      order_number: '7',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pcategory).toMatchObject({
      name_ar: 'حديقة',
      name_fr: 'Jardin',
      order_number: 7,
    });
  });

  it('refuses a plain user (403) and anonymous (401), even with a bad body', async () => {
    const before = await ctx().app.db.selectFrom('pcategories').select('id').execute();
    expect((await c.user.post('/pcategories/create', { name: 'x' })).statusCode).toBe(403);
    expect((await c.user.post('/pcategories/create', {})).statusCode).toBe(403);
    expect((await c.anonymous.post('/pcategories/create', { name: 'x' })).statusCode).toBe(401);
    expect((await c.anonymous.post('/pcategories/create', {})).statusCode).toBe(401);
    const after = await ctx().app.db.selectFrom('pcategories').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('requires a name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { order_number: 2 }]) {
      const res = await c.admin.post('/pcategories/create', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: ['required'] });
    }
    const res = await c.admin.post('/pcategories/create', { name: 42 });
    expect(res.json().errors).toEqual({ name: ['bad_input'] });
  });

  it('wants order_number an integer of at least 1', async () => {
    for (const order_number of [0, -1, 'abc', 1.5, '1.5', true, 1e12]) {
      const res = await c.admin.post('/pcategories/create', { name: 'x', order_number });
      expect(res.statusCode, String(order_number)).toBe(422);
      expect(res.json().errors).toEqual({ order_number: ['bad_input'] });
    }
  });

  it('refuses a name another category has, whatever its case', async () => {
    const name = uniqueName('dup');
    expect((await c.admin.post('/pcategories/create', { name })).statusCode).toBe(201);
    const res = await c.admin.post('/pcategories/create', { name: name.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['name_taken'] });
  });

  it('updates a category and keeps what the body leaves out', async () => {
    const created = (
      await c.admin.post('/pcategories/create', {
        name: uniqueName('toys'),
        name_fr: 'Jouets',
        order_number: 3,
      })
    ).json().pcategory;
    const name = uniqueName('games');
    const res = await c.moderator.put(`/pcategories/${created.id}`, { name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pcategory: { ...created, name } });
    const cleared = await c.admin.put(`/pcategories/${created.id}`, {
      name,
      name_fr: '',
      order_number: 9,
    });
    expect(cleared.json().pcategory).toMatchObject({ name_fr: null, order_number: 9 });
    // Its own name is not "taken".
    expect((await c.admin.put(`/pcategories/${created.id}`, { name })).statusCode).toBe(200);
  });

  it('validates an update like a create, and answers 404 for unknown ids', async () => {
    const { id } = await insertCategory(ctx(), uniqueName('upd'));
    let res = await c.admin.put(`/pcategories/${id}`, { name: '', order_number: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['required'], order_number: ['bad_input'] });
    res = await c.admin.put(`/pcategories/${id}`, { order_number: 'abc' });
    expect(res.json().errors).toEqual({ name: ['required'], order_number: ['bad_input'] });
    for (const path of ['/pcategories/999999', '/pcategories/abc', '/pcategories/0']) {
      res = await c.admin.put(path, { name: 'x' });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().errors).toEqual({ global: ['not_found'] });
    }
  });

  it('lets only site staff update', async () => {
    const { id } = await insertCategory(ctx(), uniqueName('perm'));
    expect((await c.user.put(`/pcategories/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await c.anonymous.put(`/pcategories/${id}`, { name: 'x' })).statusCode).toBe(401);
  });

  it('lists every category for anyone, by order_number then name', async () => {
    const prefix = uniqueName('ord');
    await insertCategory(ctx(), `${prefix}_b`, 2);
    await insertCategory(ctx(), `${prefix}_c`, 1);
    await insertCategory(ctx(), `${prefix}_a`, 2);
    const res = await c.anonymous.get('/pcategories/all');
    expect(res.statusCode).toBe(200);
    const { pcategories } = res.json();
    expect(Object.keys(pcategories[0]).sort()).toEqual([...CATEGORY_KEYS].sort());
    const ours = pcategories
      .map((p: { name: string }) => p.name)
      .filter((n: string) => n.startsWith(prefix));
    expect(ours).toEqual([`${prefix}_c`, `${prefix}_a`, `${prefix}_b`]);
    const orders = pcategories.map((p: { order_number: number }) => p.order_number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('paginates the categories for anyone', async () => {
    const all = (await c.anonymous.get('/pcategories/all')).json().pcategories;
    for (let i = all.length; i < 25; i++) await insertCategory(ctx(), uniqueName('page'), 50);
    const total = Math.max(all.length, 25);
    const everything = (await c.anonymous.get('/pcategories/all')).json().pcategories;
    const first = await c.anonymous.post('/pcategories/paginate', { page: 1 });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json())).toEqual(['pcategories']);
    const page1 = first.json().pcategories;
    expect(page1).toMatchObject({
      current_page: 1,
      per_page: 20,
      total,
      last_page: Math.ceil(total / 20),
      to: 20,
    });
    expect(page1.data).toEqual(everything.slice(0, 20));
    const page2 = (await c.anonymous.post('/pcategories/paginate', { page: '2' })).json()
      .pcategories;
    expect(page2).toMatchObject({ current_page: 2, to: total });
    expect(page2.data).toEqual(everything.slice(20, 40));
    const beyond = (await c.anonymous.post('/pcategories/paginate', { page: 99 })).json()
      .pcategories;
    expect(beyond).toMatchObject({ current_page: 99, to: null, data: [] });
    // No page means the first one.
    const empty = await c.anonymous.post('/pcategories/paginate', {});
    expect(empty.json().pcategories.current_page).toBe(1);
    const bad = await c.anonymous.post('/pcategories/paginate', { page: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['bad_input'] });
  });

  it('deletes an unused category with its subcategories and their fields', async () => {
    const cat = await insertCategory(ctx(), uniqueName('del'));
    const sub = await insertSubcategory(ctx(), cat.id, 'cars');
    const field = await insertField(ctx(), sub.id, 'fuel');
    expect((await c.user.delete(`/pcategories/${cat.id}`)).statusCode).toBe(403);
    expect((await c.anonymous.delete(`/pcategories/${cat.id}`)).statusCode).toBe(401);
    const res = await c.moderator.delete(`/pcategories/${cat.id}`);
    expect(res.statusCode).toBe(204);
    const db = ctx().app.db;
    expect(
      await db.selectFrom('pcategories').select('id').where('id', '=', cat.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('psubcategories').select('id').where('id', '=', sub.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('pfields').select('id').where('id', '=', field.id).execute(),
    ).toEqual([]);
    expect((await c.admin.delete(`/pcategories/${cat.id}`)).statusCode).toBe(404);
    expect((await c.admin.delete('/pcategories/abc')).statusCode).toBe(404);
  });

  it('refuses to delete a category whose subcategories products use', async () => {
    const cat = await insertCategory(ctx(), uniqueName('used'));
    await insertSubcategory(ctx(), cat.id, 'empty_one');
    const sub = await insertSubcategory(ctx(), cat.id, 'cars');
    const db = ctx().app.db;
    await createProduct(db, {
      shop_id: await personalShopOf(db, c.userId),
      psubcategory_id: sub.id,
    });
    const res = await c.admin.delete(`/pcategories/${cat.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ global: ['category_in_use'] });
    const subs = await db
      .selectFrom('psubcategories')
      .select('id')
      .where('pcategory_id', '=', cat.id)
      .execute();
    expect(subs).toHaveLength(2);
  });
});
