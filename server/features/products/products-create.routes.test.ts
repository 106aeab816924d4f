import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { personalShopOf } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { MAX_FILES_PER_PRODUCT } from '../../../shared/constants';
import {
  buildProductWorld,
  count,
  mediaFiles,
  sendForm,
  signIn,
  type ProductWorld,
} from './products.test-helpers';

describeEachEngine('products: create', (ctx) => {
  let w: ProductWorld;
  beforeAll(async () => {
    w = await buildProductWorld(ctx().app.db);
  });

  const minimal = () => ({ name: 'Toyota Hilux', psubcategory_id: String(w.sub.id) });

  it('creates an offer from JSON with defaults, and answers the full product', async () => {
    const { client, user } = await signIn(ctx());
    const res = await client.post('/products/create/offer', {
      name: 'Toyota Hilux',
      psubcategory_id: w.sub.id,
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
      id: w.sub.id,
      can_be_priced: 'yes',
      pcategory: { id: w.sub.pcategory_id, name: 'vehicles' },
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
        psubcategory_id: String(w.sub.id),
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
        [`pfield_${w.pf.number.id}`]: '120000',
        [`pfield_${w.pf.select.id}`]: 'diesel',
        [`pfield_${w.pf.radio.id}`]: 'manual',
        [`pfield_${w.pf.checkbox.id}`]: ['gps', 'abs'],
        [`pfield_${w.pf.text.id}`]: '  blanc  ',
      },
      [
        { name: 'a.jpg', data: w.jpeg },
        { name: 'b.png', data: w.pngFile },
        { name: 'c.mp4', data: files.tinyVideo() },
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
        'height',
        'id',
        'name',
        'poster_small_url',
        'poster_url',
        'small_height',
        'small_url',
        'small_width',
        'type',
        'url',
        'width',
      ]);
    }
    const video = product.pfiles[2];
    expect(video.poster_url).toBe(`/media/${video.name}-poster.webp`);
    expect((await client.get(video.poster_small_url)).statusCode).toBe(200);
    const values = Object.fromEntries(
      product.pfields.map((f: { id: number; pivot: { value: string } }) => [f.id, f.pivot.value]),
    );
    expect(values).toEqual({
      [w.pf.number.id]: '120000',
      [w.pf.select.id]: 'diesel',
      [w.pf.radio.id]: 'manual',
      [w.pf.checkbox.id]: '["abs","gps"]',
      [w.pf.text.id]: 'blanc',
    });
    // 2 images × 2 sizes + 1 video and its poster in 2 sizes
    expect(mediaFiles(ctx()).length - before.length).toBe(7);
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
      psubcategory_id: w.plainSub.id,
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
      psubcategory_id: String(w.sub.id),
    });
    expect(blank.json().errors).toEqual({ name: ['required'] });
  });

  it('checks pfield values against their field', async () => {
    const { client } = await signIn(ctx());
    const before = await count(ctx().app.db, 'product_pfield');
    const cases: [number, unknown][] = [
      [w.pf.number.id, 'twelve'],
      [w.pf.select.id, 'electric'],
      [w.pf.radio.id, ['manual', 'automatic']],
      [w.pf.checkbox.id, ['abs', 'turbo']],
      [w.pf.text.id, 'x'.repeat(501)],
      [w.pf.other.id, 'field of another subcategory'],
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
      { name: 'a.jpg', data: w.jpeg },
      { name: 'b.png', data: w.pngFile },
    ];
    const badField = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      { ...minimal(), [`pfield_${w.pf.select.id}`]: 'electric' },
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
      Array.from({ length: MAX_FILES_PER_PRODUCT + 1 }, () => ({ name: 'p.png', data: w.pngFile })),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ files: ['too_many_files'] });
    expect(mediaFiles(ctx())).toEqual(before.media);
    expect(await count(db, 'products')).toBe(before.products);
  });
});
