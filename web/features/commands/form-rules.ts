import type { CommandTarget } from '../../../shared/domain/commands';
import type { Product } from '../../../shared/schemas/products';
import type { Errors } from '../../lib/http';

// SPEC §5 on the form: the shared rules (shared/domain/commands.ts) decide; this file only says
// what they need from a product and how their message keys read under each field.

export const COMMAND_FIELDS = [
  'number',
  'period',
  'starts_at',
  'price',
  'private',
  'text',
] as const;

/** What the rules need to know about a product (its subcategory says what can be counted…). */
export function targetOf(product: Product): CommandTarget {
  return {
    number: product.number,
    sold_count: product.sold_count,
    price: product.price,
    negotiable: product.negotiable,
    offer_type: product.offer_type,
    private: product.private,
    can_be_counted: product.psubcategory.can_be_counted,
    can_be_rented: product.psubcategory.can_be_rented,
    can_be_priced: product.psubcategory.can_be_priced,
    type: product.type,
    available_number: product.available_number,
  };
}

const NUMERIC_FIELDS = ['number', 'period', 'price'];

/**
 * SPEC §5/§8: a bad number, period or price reads '{field} {name} {bad input}'; a quantity above
 * the stock adds 'number_not_available' to it. Works on the browser's check and the server's
 * answer alike (both say `bad_input`, `required`, `number_not_available`). The API keeps SPEC's key;
 * its words depend on the deal (issue 35 item 5): 'number_not_available_rent' for a rent offer
 * ("you cannot rent more…"), 'number_not_available_demand' for a proposal on a demand.
 */
export function commandFormErrors(
  errors: Errors,
  deal: 'demand' | 'rent' | 'sale' = 'sale',
): Errors {
  const shown: Errors = {};
  for (const [field, keys] of Object.entries(errors)) {
    if (!NUMERIC_FIELDS.includes(field)) {
      shown[field] = keys;
      continue;
    }
    const messages = new Set<string>();
    for (const key of keys) {
      if (key === 'bad_input' || key === 'required') messages.add(`${field}_bad_input`);
      else if (key === 'number_not_available') {
        messages.add(`${field}_bad_input`);
        messages.add(deal === 'sale' ? key : `${key}_${deal}`);
      } else messages.add(key);
    }
    shown[field] = [...messages];
  }
  return shown;
}
