import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts } from '../../test/fixtures';
import * as files from '../../media/test-files';
import { backfillDimensions } from '../../media/dimensions-backfill';
import { buildProductWorld, sendForm, signIn, type ProductWorld } from './products.test-helpers';

// Issue 16 item 4 (migration 017): the pixel sizes of an uploaded image, original and small, are
// stored and answered with the product and on its card; files stored before 017 get theirs from
// the backfill at start.

describeEachEngine('products: image sizes', (ctx) => {
  let w: ProductWorld;
  beforeAll(async () => {
    w = await buildProductWorld(ctx().app.db);
  });

  async function post(
    client: Awaited<ReturnType<typeof signIn>>['client'],
    uploads: { name: string; data: Buffer }[],
  ) {
    const res = await sendForm(
      client,
      'POST',
      '/products/create/offer',
      { name: 'Toyota Hilux', psubcategory_id: String(w.sub.id) },
      uploads,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product;
  }

  it('stores and answers the sizes of each image and of a video poster', async () => {
    const { client, user } = await signIn(ctx());
    await ageAccounts(ctx().app.db, [user.id]);
    const product = await post(client, [
      // 3000×1000: the original is bounded to 2048 wide, the small one to 480.
      { name: 'wide.png', data: await files.png(3000, 1000) },
      // 400×200 marked "rotate 90°": stored upright, 200×400, already under the small width.
      { name: 'turned.jpg', data: w.jpeg },
      { name: 'clip.mp4', data: files.tinyVideo() },
    ]);
    expect(product.pfiles).toMatchObject([
      { type: 'image', width: 2048, height: 683, small_width: 480, small_height: 160 },
      { type: 'image', width: 200, height: 400, small_width: 200, small_height: 400 },
      // The poster of a 64×48 video.
      { type: 'video', width: 64, height: 48, small_width: 64, small_height: 48 },
    ]);
    const again = await client.get(`/products/product/${product.id}`);
    expect(again.json().product.pfiles).toEqual(product.pfiles);

    // The card of a list shows the first image, with its original and both sizes.
    const other = await post(client, []);
    const similar = await client.get(`/products/similar/${other.id}`);
    expect(similar.statusCode).toBe(200);
    const card = similar.json().products.find((c: { id: number }) => c.id === product.id) as Record<
      string,
      unknown
    >;
    expect(card.image).toBe(product.pfiles[0].small_url);
    expect(card.image_file).toEqual({
      url: product.pfiles[0].url,
      small_url: product.pfiles[0].small_url,
      width: 2048,
      height: 683,
      small_width: 480,
      small_height: 160,
    });
    // A card without any file has no image.
    const bare = await client.get(`/products/similar/${product.id}`);
    const bareCard = bare.json().products.find((c: { id: number }) => c.id === other.id);
    expect(bareCard).toMatchObject({ image: null, image_file: null });
  });

  it('fills in the sizes of files stored before migration 017, and leaves a missing file null', async () => {
    const { client, user } = await signIn(ctx());
    await ageAccounts(ctx().app.db, [user.id]);
    const product = await post(client, [
      { name: 'a.png', data: await files.png(600, 400) },
      { name: 'b.mp4', data: files.tinyVideo() },
    ]);
    const db = ctx().app.db;
    const ids = product.pfiles.map((f: { id: number }) => f.id);
    // As a row written before the migration: no sizes.
    await db
      .updateTable('product_files')
      .set({ width: null, height: null, small_width: null, small_height: null })
      .where('id', 'in', ids)
      .execute();
    // And one whose files are gone from the storage.
    const lost = await db
      .insertInto('product_files')
      .values({
        product_id: product.id,
        type: 'image',
        name: 'f'.repeat(32),
        extension: 'webp',
        position: 9,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await client.get(`/products/product/${product.id}`);
    expect(before.json().product.pfiles[0]).toMatchObject({ width: null, small_width: null });

    const filled = await backfillDimensions(db, ctx().app.media.storage);
    expect(filled).toBeGreaterThanOrEqual(2);
    const rows = await db
      .selectFrom('product_files')
      .select(['id', 'width', 'height', 'small_width', 'small_height'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: ids[0], width: 600, height: 400, small_width: 480, small_height: 320 },
      { id: ids[1], width: 64, height: 48, small_width: 64, small_height: 48 },
      { id: lost.id, width: null, height: null, small_width: null, small_height: null },
    ]);
    const after = await client.get(`/products/product/${product.id}`);
    expect(after.json().product.pfiles[0]).toMatchObject({
      width: 600,
      height: 400,
      small_width: 480,
      small_height: 320,
    });
    // A second run has nothing left to read.
    expect(await backfillDimensions(db, ctx().app.media.storage)).toBe(0);
  });
});
