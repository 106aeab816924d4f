import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { MAX_FILES_PER_PRODUCT } from '../../../shared/constants';
import { fileNamesOfShop } from './products.repository';
import {
  addEmployee,
  count,
  createPfield,
  mediaFiles,
  sendForm,
  signIn,
} from './products.test-helpers';

describeEachEngine('products: create, edit, delete, show', (ctx) => {
  let sub: Awaited<ReturnType<typeof createSubcategory>>;
  let plainSub: Awaited<ReturnType<typeof createSubcategory>>;
  let jpeg: Buffer;
  let pngFile: Buffer;
  const pf: Record<string, { id: number }> = {};

  beforeAll(async () => {
    const db = ctx().app.db;
    sub = await createSubcategory(db);
    plainSub = await createSubcategory(db, {
      name: 'services',
      can_be_priced: 'no',
      can_be_rented: 'no',
      can_be_used: 'no',
      can_be_delivered: 'no',
      can_be_counted: 'no',
    });
    pf.number = await createPfield(db, sub.id, 'number', [], 'mileage');
    pf.select = await createPfield(
      db,
      sub.id,
      'select',
      [{ value: 'diesel' }, { value: 'petrol' }],
      'fuel',
    );
    pf.radio = await createPfield(db, sub.id, 'radio', ['manual', 'automatic'], 'gearbox');
    pf.checkbox = await createPfield(
      db,
      sub.id,
      'checkbox',
      [{ value: 'abs' }, { value: 'gps' }, { value: 'camera' }],
      'options',
    );
    pf.text = await createPfield(db, sub.id, 'text', [], 'colour');
    pf.other = await createPfield(db, plainSub.id, 'text', [], 'hours');
    jpeg = await files.jpegWithExif();
    pngFile = await files.png(600, 400);
  });

  const minimal = () => ({ name: 'Toyota Hilux', psubcategory_id: String(sub.id) });

  it('creates an offer from JSON with defaults, and answers the full product', async () => {
    const { client, user } = await signIn(ctx());
    const res = await client.post('/products/create/offer', {
      name: 'Toyota Hilux',
      psubcategory_id: sub.id,
      price: 1500000,
    });
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    const shopId = await personalShopOf(ctx().app.db, user.id);
    expect(product).toMatchObject({
      type: 'offer',
      name: 'Toyota Hilux',
      price: 1500000,
      offer_type: 'sale',
      unit: null,
      negotiable: 'no',
      used: 'no',
      delivery: 'no',
      private: 'no',
      number: 1,
      sold_count: 0,
      sold: false,
      saved_count: 0,
      contact_methods: ['call', 'whatsapp'],
      user_id: user.id,
      shop_id: shopId,
      distance: null,
      reactions_count: 0,
      top: [],
      saved: false,
      reported: false,
      reaction: null,
      pfiles: [],
      pfields: [],
    });
    expect(product.shop).toMatchObject({ id: shopId, is_professional: false });
    expect(product.shop.employees).toEqual([
      expect.objectContaining({ id: user.id, pivot: { role: 'owner' } }),
    ]);
    expect(JSON.stringify(product)).not.toMatch(/password|email/);
    expect(product.psubcategory).toMatchObject({
      id: sub.id,
      can_be_priced: 'yes',
      pcategory: { id: sub.pcategory_id, name: 'vehicles' },
    });
  });

  it('creates an offer from a form with photos, a video, every field and field values', async () => {
    const { client } = await signIn(ctx());
    const before = mediaFiles(ctx());
    const res = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      {
        name: 'Toyota Hilux 2015',
        psubcategory_id: String(sub.id),
        name_ar: 'تويوتا هيلوكس ٢٠١٥ مستعمَلة',
        name_fr: 'Toyota Hilux très propre',
        more_infos_ar: 'سيارة بحالة جيدة',
        more_infos_fr: 'Première main, révisée',
        description: 'desc',
        price: '1200000',
        offer_type: 'monthly_rent',
        negotiable: 'yes',
        used: 'yes',
        delivery: 'yes',
        private: 'yes',
        number: '3',
        latitude: '18.0858',
        longitude: '-15.9785',
        distance: '50',
        'contact_methods[]': ['call', 'mail', 'call'],
        [`pfield_${pf.number.id}`]: '120000',
        [`pfield_${pf.select.id}`]: 'diesel',
        [`pfield_${pf.radio.id}`]: 'manual',
        [`pfield_${pf.checkbox.id}`]: ['gps', 'abs'],
        [`pfield_${pf.text.id}`]: '  blanc  ',
      },
      [
        { name: 'a.jpg', data: jpeg },
        { name: 'b.png', data: pngFile },
        { name: 'c.mp4', data: files.mp4Header() },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json();
    expect(product).toMatchObject({
      price: 1200000,
      offer_type: 'monthly_rent',
      unit: 'month',
      negotiable: 'yes',
      used: 'yes',
      delivery: 'yes',
      private: 'yes',
      number: 3,
      latitude: 18.0858,
      longitude: -15.9785,
      distance: null, // offers have no maximum distance
      contact_methods: ['call', 'mail'],
      more_infos_fr: 'Première main, révisée',
    });
    expect(product.pfiles.map((f: { type: string }) => f.type)).toEqual([
      'image',
      'image',
      'video',
    ]);
    for (const f of product.pfiles) {
      expect(Object.keys(f).sort()).toEqual([
        'extension',
        'id',
        'name',
        'small_url',
        'type',
        'url',
      ]);
    }
    const values = Object.fromEntries(
      product.pfields.map((f: { id: number; pivot: { value: string } }) => [f.id, f.pivot.value]),
    );
    expect(values).toEqual({
      [pf.number.id]: '120000',
      [pf.select.id]: 'diesel',
      [pf.radio.id]: 'manual',
      [pf.checkbox.id]: '["abs","gps"]',
      [pf.text.id]: 'blanc',
    });
    // 2 images × 2 sizes + 1 video
    expect(mediaFiles(ctx()).length - before.length).toBe(5);
    const served = await client.get(product.pfiles[0].url);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('SouqTestCam')).toBe(false);

    const row = await ctx()
      .app.db.selectFrom('products')
      .select('search_text')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain('تويوتا هيلوكس 2015 مستعمله');
    expect(row.search_text).toContain('toyota hilux tres propre');
    expect(row.search_text).toContain('سياره بحاله جيده');
    expect(row.search_text).toContain('premiere main, revisee');
  });

  it('counts an input only where the subcategory allows it', async () => {
    const { client } = await signIn(ctx());
    const res = await client.post('/products/create/offer', {
      name: 'Plumbing',
      psubcategory_id: plainSub.id,
      price: 500,
      negotiable: 'yes',
      offer_type: 'hourly_rent',
      used: 'yes',
      delivery: 'yes',
      number: 7,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({
      price: null,
      negotiable: 'no',
      offer_type: 'sale',
      used: 'no',
      delivery: 'no',
      number: 1,
    });
  });

  it('takes demand offer types and a maximum distance for demands', async () => {
    const { client } = await signIn(ctx());
    const bad = await client.post('/products/create/demand', { ...minimal(), offer_type: 'sale' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ offer_type: ['bad_input'] });
    const offerBuy = await client.post('/products/create/offer', {
      ...minimal(),
      offer_type: 'buy',
    });
    expect(offerBuy.statusCode).toBe(422);
    const ok = await client.post('/products/create/demand', { ...minimal(), distance: 30 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().product).toMatchObject({ type: 'demand', offer_type: 'buy', distance: 30 });
    expect((await client.post('/products/create/other', minimal())).statusCode).toBe(404);
  });

  it('puts each bad input under its field', async () => {
    const { client } = await signIn(ctx());
    const res = await client.post('/products/create/offer', {
      price: 'abc',
      negotiable: 'maybe',
      contact_methods: ['call', 'pigeon'],
      number: -1,
      distance: 0,
      name_ar: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['required'],
      psubcategory_id: ['required'],
      price: ['bad_input'],
      negotiable: ['bad_input'],
      contact_methods: ['bad_input'],
      number: ['bad_input'],
      distance: ['bad_input'],
      name_ar: ['bad_input'],
    });
    const half = await client.post('/products/create/offer', { ...minimal(), latitude: 18 });
    expect(half.json().errors).toEqual({ longitude: ['required'] });
    const range = await client.post('/products/create/offer', {
      ...minimal(),
      latitude: 91,
      longitude: -200,
    });
    expect(range.json().errors).toEqual({ latitude: ['bad_input'], longitude: ['bad_input'] });
    const unknownSub = await client.post('/products/create/offer', {
      name: 'x',
      psubcategory_id: 999999,
    });
    expect(unknownSub.statusCode).toBe(422);
    expect(unknownSub.json().errors).toEqual({ psubcategory_id: ['bad_input'] });
    const blank = await sendForm(client, 'POST', '/products/create/offer', {
      name: '   ',
      psubcategory_id: String(sub.id),
    });
    expect(blank.json().errors).toEqual({ name: ['required'] });
  });

  it('checks pfield values against their field', async () => {
    const { client } = await signIn(ctx());
    const before = await count(ctx().app.db, 'product_pfield');
    const cases: [number, unknown][] = [
      [pf.number.id, 'twelve'],
      [pf.select.id, 'electric'],
      [pf.radio.id, ['manual', 'automatic']],
      [pf.checkbox.id, ['abs', 'turbo']],
      [pf.text.id, 'x'.repeat(501)],
      [pf.other.id, 'field of another subcategory'],
      [987654, 'unknown field'],
    ];
    for (const [id, value] of cases) {
      const res = await client.post('/products/create/offer', {
        ...minimal(),
        [`pfield_${id}`]: value,
      });
      expect(res.statusCode, `pfield_${id}`).toBe(422);
      expect(res.json().errors).toEqual({ [`pfield_${id}`]: ['bad_input'] });
    }
    expect(await count(ctx().app.db, 'product_pfield')).toBe(before);
  });

  it('leaves no row and no file after a failed create with valid images attached', async () => {
    const { client } = await signIn(ctx());
    const db = ctx().app.db;
    const before = { media: mediaFiles(ctx()), products: await count(db, 'products') };
    const photos = [
      { name: 'a.jpg', data: jpeg },
      { name: 'b.png', data: pngFile },
    ];
    const badField = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      { ...minimal(), [`pfield_${pf.select.id}`]: 'electric' },
      photos,
    );
    expect(badField.statusCode).toBe(422);
    const badFile = await sendForm(client, 'POST', '/products/create/offer', minimal(), [
      ...photos,
      { name: 'evil.jpg', data: files.svg() },
    ]);
    expect(badFile.statusCode).toBe(422);
    expect(badFile.json().errors).toEqual({ files: ['file_type_not_allowed'] });
    const flood = await sendForm(client, 'POST', '/products/create/offer', minimal(), [
      ...photos,
      { name: 'flood.png', data: await files.pixelFlood() },
    ]);
    expect(flood.json().errors).toEqual({ files: ['image_too_large'] });
    const tooMany = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      minimal(),
      Array.from({ length: MAX_FILES_PER_PRODUCT + 1 }, () => ({ name: 'p.png', data: pngFile })),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ files: ['too_many_files'] });
    expect(mediaFiles(ctx())).toEqual(before.media);
    expect(await count(db, 'products')).toBe(before.products);
  });

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
      { ...minimal(), [`pfield_${pf.select.id}`]: 'diesel', [`pfield_${pf.text.id}`]: 'rouge' },
      [
        { name: 'a.jpg', data: jpeg },
        { name: 'b.png', data: pngFile },
      ],
    );
    const product = created.json().product;
    const [first, second] = product.pfiles;

    const json = await client.put(`/products/${product.id}`, {
      name: 'Hilux Édition',
      price: '',
      [`pfield_${pf.select.id}`]: 'petrol',
      [`pfield_${pf.text.id}`]: '',
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().product).toMatchObject({ name: 'Hilux Édition', price: null });
    expect(json.json().product.pfields).toEqual([
      expect.objectContaining({ id: pf.select.id, pivot: { value: 'petrol' } }),
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
      [{ name: 'c.mp4', data: files.mp4Header() }],
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
      Array.from({ length: 9 }, () => ({ name: 'p.png', data: pngFile })),
    );
    const product = created.json().product;
    const before = mediaFiles(ctx());
    const tooMany = await sendForm(client, 'PUT', `/products/${product.id}`, {}, [
      { name: 'a.png', data: pngFile },
      { name: 'b.png', data: pngFile },
    ]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ files: ['too_many_files'] });
    const swap = await sendForm(
      client,
      'PUT',
      `/products/${product.id}`,
      { removed_files: String(product.pfiles[0].id) },
      [
        { name: 'a.png', data: pngFile },
        { name: 'b.png', data: pngFile },
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
      Array.from({ length: 7 }, () => ({ name: 'p.png', data: pngFile })),
    );
    const product = created.json().product;
    const before = mediaFiles(ctx()).length;
    const two = () =>
      sendForm(client, 'PUT', `/products/${product.id}`, {}, [
        { name: 'a.png', data: pngFile },
        { name: 'b.png', data: pngFile },
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
      [`pfield_${pf.text.id}`]: 'vert',
    });
    const id = created.json().product.id;
    const moved = await client.put(`/products/${id}`, {
      psubcategory_id: plainSub.id,
      [`pfield_${pf.other.id}`]: '8',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().product).toMatchObject({ psubcategory_id: plainSub.id, price: null });
    expect(moved.json().product.pfields.map((f: { id: number }) => f.id)).toEqual([pf.other.id]);
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
      (await createProduct(db, { shop_id: shopId, psubcategory_id: sub.id })).id;

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
      { name: 'a.jpg', data: jpeg },
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
      [{ name: 'a.jpg', data: jpeg }],
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
