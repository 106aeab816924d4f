import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createSubcategory } from '../../test/fixtures';
import { signIn } from '../products/products.test-helpers';

// Issue 19 item 4 on offers (docs/trust.md): a phone number or a link in a new account's offer
// text holds the offer for review, flagged `contact_in_text` for moderators, and tells its author
// why; an established account's passes. Edits look only at the text they change.

describeEachEngine('scam signals in offer text', (ctx) => {
  let subId: number;
  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db, { name: 'signals' })).id;
  });

  const json = { headers: { accept: 'application/json' } };
  const post = (client: Awaited<ReturnType<typeof signIn>>['client'], body: object) =>
    client.post('/products/create/offer', {
      name: 'Toyota Hilux',
      psubcategory_id: subId,
      ...body,
    });
  const seenByOthers = async (id: number) =>
    (await ctx().client().get(`/products/product/${id}`, json)).statusCode;
  async function queueItem(id: number) {
    const mod = await signIn(ctx(), 'moderator');
    const queue = (await mod.client.get('/admin/moderation?status=all')).json().items.data;
    return {
      mod,
      item: queue.find((i: { type: string; id: number }) => i.type === 'product' && i.id === id),
    };
  }

  it('holds a new account’s offer with a number in its description, and says why', async () => {
    const s = await signIn(ctx());
    const res = await post(s.client, { description: 'Bon état. Appelez le 22 33 44 55' });
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product.moderation).toEqual({ status: 'review', reasons: [], flag: 'contact_in_text' });
    expect(await seenByOthers(product.id)).toBe(404);
    const own = await s.client.get(`/products/product/${product.id}`, json);
    expect(own.json().product.moderation.flag).toBe('contact_in_text');
    const { item } = await queueItem(product.id);
    expect(item).toMatchObject({ flag: 'contact_in_text', moderation_status: 'review' });
    // The author is told, as for any hold.
    const told = await ctx()
      .app.db.selectFrom('notifications')
      .select('type')
      .where('user_id', '=', s.user.id)
      .execute();
    expect(told.map((n) => n.type)).toContain('moderation_review');
  });

  it('finds Arabic-Indic digits, +222 and WhatsApp links in every text field', async () => {
    const s = await signIn(ctx());
    for (const body of [
      { more_infos_ar: 'للتواصل ٤٦ ٤٥ ٦٧ ٨٩' },
      { more_infos_fr: 'Tél. +222 36.12.34.56' },
      { name_fr: 'Hilux wa.me/22236123456' },
    ]) {
      const res = await post(s.client, body);
      expect(res.statusCode).toBe(201);
      expect(res.json().product.moderation?.status).toBe('review');
    }
  });

  it('lets prices and years pass, and an established account’s number', async () => {
    const fresh = await signIn(ctx());
    const clean = await post(fresh.client, {
      description: 'Hilux 2015-2019, 22 000 000 MRU, 180 000 km',
    });
    expect(clean.statusCode).toBe(201);
    expect(clean.json().product.moderation).toBeNull();
    expect(await seenByOthers(clean.json().product.id)).toBe(200);

    const old = await signIn(ctx());
    await ageAccounts(ctx().app.db, [old.user.id]);
    const kept = await post(old.client, { description: 'Appelez le 22 33 44 55' });
    expect(kept.json().product.moderation).toBeNull();
    expect(await seenByOthers(kept.json().product.id)).toBe(200);
  });

  it('holds on an edit that adds a link; a restored offer is not held again by a price edit', async () => {
    const s = await signIn(ctx());
    const { product } = (await post(s.client, { description: 'Très bon état' })).json();
    expect(product.moderation).toBeNull();
    const price = await s.client.put(`/products/${product.id}`, { price: 900000 });
    expect(price.json().product.moderation).toBeNull();
    const edited = await s.client.put(`/products/${product.id}`, {
      description: 'Écrivez sur https://chat.whatsapp.com/AbCdEf',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().product.moderation).toMatchObject({
      status: 'review',
      flag: 'contact_in_text',
    });
    expect(await seenByOthers(product.id)).toBe(404);

    const { mod } = await queueItem(product.id);
    const restored = await mod.client.post(`/admin/moderation/product/${product.id}`, {
      action: 'restore',
    });
    expect(restored.json().item.moderation_status).toBe('visible');
    const again = await s.client.put(`/products/${product.id}`, { price: 800000 });
    expect(again.json().product.moderation).toBeNull();
    expect(await seenByOthers(product.id)).toBe(200);
  });

  it('refuses an edit by someone else before looking at the text', async () => {
    const s = await signIn(ctx());
    const { product } = (await post(s.client, { description: 'Très bon état' })).json();
    const other = await signIn(ctx());
    const res = await other.client.put(`/products/${product.id}`, {
      description: 'Appelez le 22 33 44 55',
    });
    expect(res.statusCode).toBe(403);
    expect(await seenByOthers(product.id)).toBe(200);
  });
});
