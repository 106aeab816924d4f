import { describe, expect, it } from 'vitest';
import { aCard, aProduct } from './products';

// The factory holds the fixtures to the contract (issue 33 item 7): what the shared schema would
// refuse from the server, it refuses from a test.

describe('the test offer factory', () => {
  it('builds offers the shared schemas accept, nested parts merged', () => {
    const product = aProduct({
      id: 7,
      shop: { name: 'Boutique' },
      psubcategory: { name: 'phones' },
    });
    expect(product).toMatchObject({ id: 7, shop: { id: 5, name: 'Boutique', employees: [] } });
    expect(product.psubcategory).toMatchObject({ id: 3, name: 'phones', can_be_priced: 'yes' });
    expect(aCard({ shop: { has_phone: false } }).shop).toMatchObject({ id: 5, has_phone: false });
  });

  it('refuses a key the contract lacks, and a value of the wrong shape', () => {
    expect(() => aProduct({ legacy_field: 1 } as object)).toThrow(/legacy_field/);
    expect(() => aCard({ image_url: 'x' } as object)).toThrow(/image_url/);
    expect(() => aProduct({ sold: 'no' as unknown as boolean })).toThrow(/sold/);
    expect(() => aCard({ offer_type: 'swap' as 'sale' })).toThrow(/offer_type/);
  });
});
