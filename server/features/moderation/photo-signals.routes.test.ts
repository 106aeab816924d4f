import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createSubcategory } from '../../test/fixtures';
import { patternPhoto } from '../../media/photo-hash.test-support';
import { png } from '../../media/test-files';
import { sendForm, signIn } from '../products/products.test-helpers';
import { hashStoredPhotos } from './photos.service';

// Issue 19 item 4 (docs/trust.md): each offer image keeps a perceptual hash; the same photo in an
// offer of another shop, by another account, flags the later offer `duplicate_photo` in the
// moderation queue (still visible). The same account's, or the same shop's, reuse is not a signal.

describeEachEngine('scam signals: the same photo posted by another account', (ctx) => {
  let subId: number;
  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db, { name: 'photos' })).id;
  });
  // Each test has pictures of its own (earlier tests' offers stay in the database), with hashes
  // telling enough to be compared (shared/domain/trust.ts `isTellingPhotoHash`).
  const photoOf = (seed: number) => patternPhoto(seed);
  // The same picture, smaller and as PNG: what a copier saves and uploads again.
  const copyOf = (seed: number) => patternPhoto(seed, { width: 400, height: 300, format: 'png' });

  async function seller() {
    const s = await signIn(ctx());
    await ageAccounts(ctx().app.db, [s.user.id]);
    return s;
  }
  const post = (s: Awaited<ReturnType<typeof signIn>>, file: Buffer, name = 'Toyota Hilux') =>
    sendForm(s.client, 'POST', '/products/create/offer', { name, psubcategory_id: String(subId) }, [
      { name: 'p.jpg', data: file },
    ]);
  async function flagOf(id: number) {
    const mod = await signIn(ctx(), 'moderator');
    const queue = (await mod.client.get('/admin/moderation?status=all')).json().items.data;
    return (
      queue.find((i: { type: string; id: number }) => i.type === 'product' && i.id === id)?.flag ??
      null
    );
  }

  it('stores each image’s hash and its bands', async () => {
    const res = await post(await seller(), await photoOf(6));
    expect(res.statusCode).toBe(201);
    const db = ctx().app.db;
    const file = await db
      .selectFrom('product_files')
      .select(['id', 'phash'])
      .where('product_id', '=', res.json().product.id)
      .executeTakeFirstOrThrow();
    expect(file.phash).toMatch(/^[0-9a-f]{16}$/);
    const bands = await db
      .selectFrom('photo_hash_bands')
      .select('band')
      .where('file_id', '=', file.id)
      .execute();
    expect(bands.map((b) => b.band).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('flags another account’s offer with the same photo, and keeps it visible', async () => {
    const first = await seller();
    const original = (await post(first, await photoOf(2))).json().product;
    const thief = await seller();
    const res = await post(thief, await copyOf(2), 'Hilux, bon prix');
    expect(res.statusCode).toBe(201);
    const copied = res.json().product;
    expect(copied.moderation).toBeNull();
    expect(await flagOf(copied.id)).toBe('duplicate_photo');
    // The first poster's offer is not the suspect.
    expect(await flagOf(original.id)).toBeNull();
    const seen = await ctx()
      .client()
      .get(`/products/product/${copied.id}`, { headers: { accept: 'application/json' } });
    expect(seen.statusCode).toBe(200);
  });

  it('also on an edit that adds the photo', async () => {
    await post(await seller(), await photoOf(8));
    const s = await seller();
    const plain = (await post(s, await photoOf(9), 'Autre')).json().product;
    expect(await flagOf(plain.id)).toBeNull();
    const res = await sendForm(s.client, 'PUT', `/products/${plain.id}`, {}, [
      { name: 'c.png', data: await copyOf(8) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await flagOf(plain.id)).toBe('duplicate_photo');
  });

  it('does not flag one account reusing its photo, another photo, or blank pictures', async () => {
    const s = await seller();
    const seed = await photoOf(11);
    await post(s, seed);
    const again = (await post(s, seed, 'Encore')).json().product;
    expect(await flagOf(again.id)).toBeNull();
    const different = (await post(await seller(), await photoOf(5))).json().product;
    expect(await flagOf(different.id)).toBeNull();
    const blank = await png(600, 400);
    await post(await seller(), blank);
    const blankAgain = (await post(await seller(), blank)).json().product;
    expect(await flagOf(blankAgain.id)).toBeNull();
  });

  it('refuses a photo on someone else’s offer before hashing it', async () => {
    const s = await seller();
    await post(await seller(), await photoOf(13));
    const { product } = (await post(s, await photoOf(14))).json();
    const stranger = await seller();
    const res = await sendForm(stranger.client, 'PUT', `/products/${product.id}`, {}, [
      { name: 'c.png', data: await copyOf(13) },
    ]);
    expect(res.statusCode).toBe(403);
    expect(await flagOf(product.id)).toBeNull();
  });

  it('hashes the images stored before hashes were kept (the CLI backfill)', async () => {
    const res = await post(await seller(), await photoOf(15));
    const db = ctx().app.db;
    const file = await db
      .selectFrom('product_files')
      .select(['id', 'phash'])
      .where('product_id', '=', res.json().product.id)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('photo_hash_bands').where('file_id', '=', file.id).execute();
    await db.updateTable('product_files').set({ phash: null }).where('id', '=', file.id).execute();
    const done = await hashStoredPhotos(db, ctx().app.media.storage);
    expect(done.hashed).toBeGreaterThanOrEqual(1);
    const again = await db
      .selectFrom('product_files')
      .select('phash')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(again.phash).toBe(file.phash);
    const bands = await db
      .selectFrom('photo_hash_bands')
      .select('band')
      .where('file_id', '=', file.id)
      .execute();
    expect(bands).toHaveLength(5);
  });
});
