import { expect, it } from 'vitest';
import { DAILY_OFFER_LIMITS } from '../../../shared/domain/account-trust';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { manyUsers, signIn } from '../products/products.test-helpers';

// Issue 19: new accounts' comments with contact details are held, and their offers limited per day.

describeEachEngine('moderation: scam signals of new accounts', (ctx) => {
  it('holds a new account’s comment with a phone number; an old account’s stays', async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db, { name: 'signals' })).id;
    const s = await signIn(ctx());
    const shopId = await personalShopOf(db, s.user.id);
    const { id } = await createProduct(db, {
      shop_id: shopId,
      psubcategory_id: subId,
      user_id: s.user.id,
    });
    const [fresh, old] = await manyUsers(ctx(), 2);
    await ageAccounts(db, [old!.user.id]);
    const held = await fresh!.client.post(`/comments/create/product/${id}`, {
      text: 'اتصل ٤٦٤٥٦٧٨٩',
    });
    expect(held.statusCode).toBe(201);
    expect(held.json().comment.moderation_status).toBe('review');
    const kept = await old!.client.post(`/comments/create/product/${id}`, {
      text: 'اتصل ٤٦٤٥٦٧٨٩',
    });
    expect(kept.json().comment.moderation_status).toBeUndefined();
    const others = (await ctx().client().post(`/comments/product/${id}`, {})).json().comments;
    expect(others.map((c: { id: number }) => c.id)).toEqual([kept.json().comment.id]);
    const mod = await signIn(ctx(), 'moderator');
    const queue = (await mod.client.get('/admin/moderation')).json().items.data;
    const item = queue.find(
      (i: { type: string; id: number }) => i.type === 'comment' && i.id === held.json().comment.id,
    );
    expect(item).toMatchObject({ flag: 'contact_in_text', moderation_status: 'review' });
  });

  it('limits a new account’s offers per day with a clear message', async () => {
    const db = ctx().app.db;
    const subId = (await createSubcategory(db, { name: 'quota' })).id;
    const s = await signIn(ctx());
    const shopId = await personalShopOf(db, s.user.id);
    // The one per-day rule (shared/domain/account-trust.ts): new and unverified.
    for (let i = 0; i < DAILY_OFFER_LIMITS.newUnverified; i++)
      await createProduct(db, { shop_id: shopId, psubcategory_id: subId, user_id: s.user.id });
    const res = await s.client.post('/products/create/offer', {
      name: 'One more',
      psubcategory_id: subId,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors.global).toEqual(['new_account_offer_limit']);
    await ageAccounts(db, [s.user.id]);
    const later = await s.client.post('/products/create/offer', {
      name: 'One more',
      psubcategory_id: subId,
    });
    expect(later.statusCode).not.toBe(429);
  });
});
