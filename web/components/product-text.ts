import type { TFunction } from 'i18next';
import type { Language } from '../../shared/constants';
import { formatNumber } from '../lib/format';

// How an offer's text reads in the page's language (DESIGN §6): the current language's name or
// more infos, falling back to the other language, then to the plain name.

interface Named {
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

export function productName(product: Named, language: Language): string {
  const [first, second] =
    language === 'fr' ? [product.name_fr, product.name_ar] : [product.name_ar, product.name_fr];
  return first || second || product.name;
}

export function productInfos(
  product: {
    more_infos_ar: string | null;
    more_infos_fr: string | null;
    description: string | null;
  },
  language: Language,
): string | null {
  const [first, second] =
    language === 'fr'
      ? [product.more_infos_fr, product.more_infos_ar]
      : [product.more_infos_ar, product.more_infos_fr];
  return first || second || product.description || null;
}

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

/** SPEC §4: what is left to sell (never below zero). */
export const availableNumber = (product: { number: number; sold_count: number }) =>
  Math.max(0, product.number - product.sold_count);

/** SPEC §4: 'product is sold' once the number is 0 or sold_count has reached it. */
export const isSoldOut = (product: { number: number; sold_count: number; sold: boolean }) =>
  product.sold || product.number === 0 || product.sold_count >= product.number;

/**
 * A catalogue name (category, subcategory, field; DESIGN §6): the label given for this language,
 * else the dictionary's translation of the name (it is a key: `vehicles`), else the name as typed.
 */
export function catalogName(
  item: { name: string; name_ar?: string | null; name_fr?: string | null },
  language: Language,
  t: TFunction,
  exists: (key: string) => boolean,
): string {
  const label = language === 'fr' ? item.name_fr : item.name_ar;
  if (label) return label;
  return exists(item.name) ? t(item.name) : item.name;
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
