import type { TFunction } from '../../../lib/i18n';
import type { Language } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';

// How an offer's facts read in the page's language. The names, the available number and the
// catalogue's labels are shared/domain's rules (products.ts, catalog-names.ts).

/** '120 000 MRU', or '15 000 MRU / mois' for a rent; null when the offer has no price. */
export function priceText(
  product: { price: number | null; unit: 'month' | 'hour' | null },
  language: Language,
  t: TFunction,
): string | null {
  if (product.price === null || product.price === undefined) return null;
  const amount = t('price_amount', {
    amount: formatNumber(product.price, language),
    currency: t('currency'),
  });
  if (product.unit === 'month') return t('price_per_month', { price: amount });
  if (product.unit === 'hour') return t('price_per_hour', { price: amount });
  return amount;
}

/** A unit (`GB`, `M2`…) in words of the page's language (`unit_{unit}` in the dictionary). */
export function unitText(
  unit: string | null | undefined,
  t: TFunction,
  exists: (key: string) => boolean,
) {
  if (!unit) return '';
  const key = `unit_${unit}`;
  return exists(key) ? t(key) : unit;
}

/**
 * The value of an extra field as a product stores it (`pivot.value`): text, a number, one choice,
 * or a JSON list of choices for a checkbox field. Values of a `translated` field are dictionary
 * keys; the others read as typed.
 */
export function fieldValueText(
  field: { type: string; translated: 'yes' | 'no'; pivot: { value: string } },
  language: Language,
  t: TFunction,
  exists: (key: string) => boolean,
): string {
  const word = (value: string) => (field.translated === 'yes' && exists(value) ? t(value) : value);
  const raw = field.pivot.value;
  if (field.type === 'checkbox') {
    try {
      const list = JSON.parse(raw);
      if (Array.isArray(list))
        return list.map((v) => word(String(v))).join(language === 'ar' ? '، ' : ', ');
    } catch {
      // Not a list: shown as it is below.
    }
  }
  // A number reads grouped like a price: '168 000 km' (issue 20 item 4).
  if (field.type === 'number' && /^-?\d+(\.\d+)?$/.test(raw.trim())) {
    return formatNumber(Number(raw), language);
  }
  return word(raw);
}
