import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { signIn } from '../products/products.test-helpers';

// Issue 29 item 11: a new account's number or address written around the contact check
// (full-width or mathematical digits, invisible characters, odd separators, a spaced-out
// address) holds the offer for review as plainly written ones do (shared/domain/trust.ts).

describeEachEngine('scam signals written around the check', (ctx) => {
  let subId: number;
  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db, { name: 'disguises' })).id;
  });

  it('holds a new account’s offer whatever the form of its number or address', async () => {
    const s = await signIn(ctx());
    for (const description of [
      'Appelez ２２３３４４５５',
      'Appelez 𝟐𝟐𝟑𝟑𝟒𝟒𝟓𝟓',
      'Appelez 2\u200b2\u200b3\u200b3\u200b4\u200b4\u200b5\u200b5',
      'Appelez 22/33/44/55',
      'Appelez 22_33_44_55',
      'Appelez 22\u201133\u201144\u201155',
      'Écrivez sur w w w . a r n a q u e . m r',
      'WhatsApp : wa . me / 22233445566',
    ]) {
      const res = await s.client.post('/products/create/offer', {
        name: 'Toyota Hilux',
        psubcategory_id: subId,
        description,
      });
      expect(res.statusCode, description).toBe(201);
      expect(res.json().product.moderation.flag, description).toBe('contact_in_text');
    }
    // Plain text from the same account passes.
    const plain = await s.client.post('/products/create/offer', {
      name: 'Toyota Hilux',
      psubcategory_id: subId,
      description: 'Très bon état. Me contacter par le bouton, disponible le 22/03/2024.',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().product.moderation).toBeNull();
  });
});
