import { describe, expect, it } from 'vitest';
import { emptyValues, fieldsToSend, offerTypesFor } from './product-form-values';

const flags = (overrides: Record<string, 'yes' | 'no'> = {}) => ({
  can_be_priced: 'yes' as const,
  can_be_rented: 'yes' as const,
  can_be_used: 'yes' as const,
  can_be_delivered: 'yes' as const,
  can_be_counted: 'yes' as const,
  ...overrides,
});

describe('offerTypesFor', () => {
  it('offers sell or rent out, demands buy or rent; rents only where allowed', () => {
    expect(offerTypesFor('offer', flags())).toEqual(['sale', 'monthly_rent', 'hourly_rent']);
    expect(offerTypesFor('demand', flags())).toEqual(['buy', 'monthly_rent', 'hourly_rent']);
    expect(offerTypesFor('offer', flags({ can_be_rented: 'no' }))).toEqual(['sale']);
  });
});

describe('fieldsToSend', () => {
  const values = { ...emptyValues('offer'), name: 'Hilux', price: '100', number: '3' };
  const base = {
    type: 'offer' as const,
    values,
    psubcategoryId: 4,
    pfields: [],
    pfieldValues: {},
    shopChoice: false,
    language: 'fr' as const,
  };

  it('sends each title in the field of its language (issue 35 item 2)', () => {
    const arabicInFrench = fieldsToSend({
      ...base,
      sub: flags(),
      values: { ...values, name: 'فيلا للإيجار', name_ar: '', name_fr: 'stale' },
    });
    expect(arabicInFrench).toMatchObject({
      name: 'فيلا للإيجار',
      name_ar: 'فيلا للإيجار',
      name_fr: '',
    });
    const both = fieldsToSend({
      ...base,
      sub: flags(),
      language: 'ar',
      values: { ...values, name: 'فيلا', name_fr: 'Villa', name_ar: '' },
    });
    expect(both).toMatchObject({ name: 'فيلا', name_ar: 'فيلا', name_fr: 'Villa' });
  });

  it('sends only what the subcategory allows', () => {
    const all = fieldsToSend({ ...base, sub: flags() });
    expect(all).toMatchObject({
      price: '100',
      negotiable: 'no',
      used: 'no',
      delivery: 'no',
      number: '3',
    });
    const none = fieldsToSend({
      ...base,
      sub: flags({
        can_be_priced: 'no',
        can_be_used: 'no',
        can_be_delivered: 'no',
        can_be_counted: 'no',
        can_be_rented: 'no',
      }),
      values: { ...values, offer_type: 'monthly_rent' },
    });
    for (const key of ['price', 'negotiable', 'used', 'delivery', 'number']) {
      expect(none).not.toHaveProperty(key);
    }
    expect(none.offer_type).toBe('sale');
    expect(none).not.toHaveProperty('distance');
  });

  it('sends every extra field, empty ones to clear them, checkbox lists as JSON', () => {
    const fields = fieldsToSend({
      ...base,
      sub: flags(),
      pfields: [
        { id: 1, type: 'checkbox' },
        { id: 2, type: 'select' },
        { id: 3, type: 'checkbox' },
      ] as never,
      pfieldValues: { 1: ['gps', 'abs'], 2: 'diesel', 3: [] },
    });
    expect(fields).toMatchObject({ pfield_1: '["gps","abs"]', pfield_2: 'diesel', pfield_3: '' });
  });

  it('sends a demand’s distance and the chosen shop when there is a choice', () => {
    const fields = fieldsToSend({
      ...base,
      type: 'demand',
      sub: flags(),
      values: { ...emptyValues('demand'), name: 'x', distance: '25', shop_id: '9' },
      shopChoice: true,
    });
    expect(fields).toMatchObject({ distance: '25', shop_id: '9', offer_type: 'buy' });
  });
});
