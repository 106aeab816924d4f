import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { fileNamesOfShop } from './products.repository';
import {
  addEmployee,
  buildProductWorld,
  mediaFiles,
  sendForm,
  signIn,
  type ProductWorld,
} from './products.test-helpers';

describeEachEngine('products: edit, delete, show', (ctx) => {
  let w: ProductWorld;
  beforeAll(async () => {
    w = await buildProductWorld(ctx().app.db);
  });

  const minimal = () => ({ name: 'Toyota Hilux', psubcategory_id: String(w.sub.id) });

  it('lets the shop staff post in their shop and nobody else', async () => {
    const owner = await signIn(ctx());
    const shopId = await personalShopOf(ctx().app.db, owner.user.id);
    const employee = await signIn(ctx());
    await addEmployee(ctx().app.db, shopId, employee.user.id, 'employee');
    const stranger = await signIn(ctx());

    const byEmployee = await employee.client.post('/products/create/offer', {
      ...minimal(),
      shop_id: shopId,
    });
    expect(byEmployee.statusCode).toBe(201);
    expect(byEmployee.json().product.shop_id).toBe(shopId);
    const byStranger = await stranger.client.post('/products/create/offer', {
      ...minimal(),
      shop_id: shopId,
    });
    expect(byStranger.statusCode).toBe(403);
    const noShop = await stranger.client.post('/products/create/offer', {
      ...minimal(),
      shop_id: 999999,
    });
    expect(noShop.json().errors).toEqual({ shop_id: ['bad_input'] });
    const anonymous = await ctx().client().post('/products/create/offer', minimal());
    expect(anonymous.statusCode).toBe(401);
  });

  it('edits by JSON and by form: fields, files, field values, search text', async () => {
    const { client } = await signIn(ctx());
    const created = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      { ...minimal(), [`pfield_${w.pf.select.id}`]: 'diesel', [`pfield_${w.pf.text.id}`]: 'rouge' },
      [
        { name: 'a.jpg', data: w.jpeg },
        { name: 'b.png', data: w.pngFile },
      ],
    );
    const product = created.json().product;
    const [first, second] = product.pfiles;

    const json = await client.put(`/products/${product.id}`, {
      name: 'Hilux Édition',
      price: '',
      [`pfield_${w.pf.select.id}`]: 'petrol',
      [`pfield_${w.pf.text.id}`]: '',
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().product).toMatchObject({ name: 'Hilux Édition', price: null });
    expect(json.json().product.pfields).toEqual([
      expect.objectContaining({ id: w.pf.select.id, pivot: { value: 'petrol', sub_value: null } }),
    ]);
    const row = await ctx()
      .app.db.selectFrom('products')
      .select('search_text')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toBe('hilux edition');

    const form = await sendForm(
      client,
      'PUT',
      `/products/${product.id}`,
      { 'removed_files[]': [String(first.id)], number: '4' },
      [{ name: 'c.mp4', data: files.tinyVideo() }],
    );
    expect(form.statusCode).toBe(200);
    const after = form.json().product;
    expect(after.number).toBe(4);
    expect(after.pfiles.map((f: { id: number }) => f.id)).toContain(second.id);
    expect(after.pfiles.map((f: { type: string }) => f.type)).toEqual(['image', 'video']);
    expect(mediaFiles(ctx()).some((f) => f.startsWith(first.name))).toBe(false);
    expect((await client.get(first.url)).statusCode).toBe(404);
  });

  it('refuses an edit beyond ten files, an unknown removed file, and a number below sold', async () => {
    const { client } = await signIn(ctx());
    const created = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      minimal(),
      Array.from({ length: 9 }, () => ({ name: 'p.png', data: w.pngFile })),
    );
    const product = created.json().product;
    const before = mediaFiles(ctx());
    const tooMany = await sendForm(client, 'PUT', `/products/${product.id}`, {}, [
      { name: 'a.png', data: w.pngFile },
      { name: 'b.png', data: w.pngFile },
    ]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ files: ['too_many_files'] });
    const swap = await sendForm(
      client,
      'PUT',
      `/products/${product.id}`,
      { removed_files: String(product.pfiles[0].id) },
      [
        { name: 'a.png', data: w.pngFile },
        { name: 'b.png', data: w.pngFile },
      ],
    );
    expect(swap.statusCode).toBe(200);
    expect(swap.json().product.pfiles).toHaveLength(10);
    expect(mediaFiles(ctx()).length).toBe(before.length + 2);

    const unknown = await client.put(`/products/${product.id}`, { removed_files: [123456] });
    expect(unknown.json().errors).toEqual({ removed_files: ['bad_input'] });

    await ctx()
      .app.db.updateTable('products')
      .set({ number: 5, sold_count: 3 })
      .where('id', '=', product.id)
      .execute();
    const below = await client.put(`/products/${product.id}`, { number: 2 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ number: ['number_already_sold'] });
    expect((await client.put(`/products/${product.id}`, { number: 3 })).statusCode).toBe(200);
  });

  it('keeps ten files at most under concurrent edits, and no orphan file', async () => {
    const { client } = await signIn(ctx());
    const created = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      minimal(),
      Array.from({ length: 7 }, () => ({ name: 'p.png', data: w.pngFile })),
    );
    const product = created.json().product;
    const before = mediaFiles(ctx()).length;
    const two = () =>
      sendForm(client, 'PUT', `/products/${product.id}`, {}, [
        { name: 'a.png', data: w.pngFile },
        { name: 'b.png', data: w.pngFile },
      ]);
    const results = await Promise.all([two(), two(), two()]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    const rows = await ctx()
      .app.db.selectFrom('product_files')
      .select('name')
      .where('product_id', '=', product.id)
      .execute();
    expect(rows).toHaveLength(9);
    // 2 new images, 2 sizes each; the refused edits took their files back.
    expect(mediaFiles(ctx()).length).toBe(before + 4);
  });

  it('drops the old field values when the subcategory changes', async () => {
    const { client } = await signIn(ctx());
    const created = await client.post('/products/create/offer', {
      ...minimal(),
      price: 100,
      [`pfield_${w.pf.text.id}`]: 'vert',
    });
    const id = created.json().product.id;
    const moved = await client.put(`/products/${id}`, {
      psubcategory_id: w.plainSub.id,
      [`pfield_${w.pf.other.id}`]: '8',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().product).toMatchObject({ psubcategory_id: w.plainSub.id, price: null });
    expect(moved.json().product.pfields.map((f: { id: number }) => f.id)).toEqual([w.pf.other.id]);
  });

  it('enforces who may edit and delete (DESIGN §6)', async () => {
    const db = ctx().app.db;
    const owner = await signIn(ctx());
    const shopId = await personalShopOf(db, owner.user.id);
    const employee = await signIn(ctx());
    const moderator = await signIn(ctx());
    await addEmployee(db, shopId, employee.user.id, 'employee');
    await addEmployee(db, shopId, moderator.user.id, 'moderator');
    const stranger = await signIn(ctx());
    const siteModerator = await signIn(ctx(), 'moderator');
    const siteAdmin = await signIn(ctx(), 'admin');
    const make = async () =>
      (await createProduct(db, { shop_id: shopId, psubcategory_id: w.sub.id })).id;

    const id = await make();
    expect((await stranger.client.put(`/products/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await stranger.client.delete(`/products/${id}`)).statusCode).toBe(403);
    expect((await siteModerator.client.put(`/products/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await employee.client.put(`/products/${id}`, { name: 'by employee' })).statusCode).toBe(
      200,
    );
    expect((await employee.client.delete(`/products/${id}`)).statusCode).toBe(403);
    expect((await ctx().client().put(`/products/${id}`, { name: 'x' })).statusCode).toBe(401);
    expect((await ctx().client().delete(`/products/${id}`)).statusCode).toBe(401);
    expect((await moderator.client.delete(`/products/${id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`/products/${id}`)).statusCode).toBe(404);
    expect((await owner.client.put(`/products/${id}`, { name: 'x' })).statusCode).toBe(404);

    for (const who of [siteModerator, siteAdmin, owner]) {
      const other = await make();
      expect((await who.client.delete(`/products/${other}`)).statusCode).toBe(204);
    }
  });

  it('deletes the product with its rows and its files', async () => {
    const { client, user } = await signIn(ctx());
    const created = await sendForm(client, 'POST', '/products/create/offer', minimal(), [
      { name: 'a.jpg', data: w.jpeg },
    ]);
    const product = created.json().product;
    const saver = await signIn(ctx());
    await saver.client.get(`/products/favorite/add/${product.id}`);
    expect(await fileNamesOfShop(ctx().app.db, product.shop_id)).toEqual([product.pfiles[0].name]);
    const res = await client.delete(`/products/${product.id}`);
    expect(res.statusCode).toBe(204);
    expect(mediaFiles(ctx()).some((f) => f.startsWith(product.pfiles[0].name))).toBe(false);
    const db = ctx().app.db;
    expect(
      await db.selectFrom('saves').selectAll().where('product_id', '=', product.id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('product_files')
        .selectAll()
        .where('product_id', '=', product.id)
        .execute(),
    ).toEqual([]);
    expect(user.id).toBeGreaterThan(0);
  });

  it('shows the product as JSON, or as a page with sharing tags', async () => {
    const { client } = await signIn(ctx());
    const created = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      {
        ...minimal(),
        name_fr: 'Hilux à vendre',
        name_ar: 'هيلوكس للبيع',
        more_infos_fr: 'Très bon état <script>',
      },
      [{ name: 'a.jpg', data: w.jpeg }],
    );
    const product = created.json().product;
    const json = await ctx().client().get(`/products/product/${product.id}`);
    expect(json.statusCode).toBe(200);
    expect(json.json().product.id).toBe(product.id);

    const page = await ctx()
      .client()
      .get(`/products/product/${product.id}/42`, {
        xsrf: false,
        headers: { accept: 'text/html', cookie: 'lang=fr' },
      });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Hilux à vendre · Souq</title>');
    expect(page.body).toContain('Très bon état &lt;script&gt;');
    expect(page.body).toContain(
      `og:image" content="${ctx().config.publicUrl}${product.pfiles[0].url}"`,
    );

    expect((await ctx().client().get('/products/product/999999')).statusCode).toBe(404);
    expect((await ctx().client().get('/products/product/abc')).statusCode).toBe(404);
  });

  it("titles the shared link as the page heads it: the other language's name before the plain one", async () => {
    const { client } = await signIn(ctx());
    const created = await client.post('/products/create/offer', {
      ...minimal(),
      name: 'hilux-2015',
      name_fr: 'Hilux à vendre',
    });
    const id = created.json().product.id;
    const page = await ctx()
      .client()
      .get(`/products/product/${id}`, {
        xsrf: false,
        headers: { accept: 'text/html', cookie: 'lang=ar' },
      });
    expect(page.body).toContain('<title>Hilux à vendre · Souq</title>');
  });

  it('creates a new offer notification for open demands of the subcategory', async () => {
    const db = ctx().app.db;
    const seeker = await signIn(ctx());
    await seeker.client.post('/products/create/demand', minimal());
    const seller = await signIn(ctx());
    const res = await seller.client.post('/products/create/offer', minimal());
    const notes = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seeker.user.id)
      .where('type', '=', 'added_offer')
      .execute();
    expect(notes.map((n) => JSON.parse(n.data))).toContainEqual(
      expect.objectContaining({
        product_id: res.json().product.id,
        type: 'offer',
        user_id: seller.user.id,
      }),
    );
    const own = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.user.id)
      .execute();
    expect(own).toEqual([]);
  });
});
