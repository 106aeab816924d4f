import type { TFunction } from '../../../lib/i18n';
import type { Language } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';

// How an offer's price reads in the page's language. The catalogue's labels (names, units, field
// values) are web/lib/catalog-labels.ts.

/**
 * '120 000 MRU', or '15 000 MRU / mois' for a rent; 'Budget : 120 000 MRU' for a demand (issue 35
 * item 6: a demand's price is what it may spend); null when the offer has no price.
 */
export function priceText(
  product: { price: number | null; unit: 'month' | 'hour' | null; type?: string },
  language: Language,
  t: TFunction,
): string | null {
  if (product.price === null || product.price === undefined) return null;
  const amount = t('price_amount', {
    amount: formatNumber(product.price, language),
    currency: t('currency'),
  });
  const price =
    product.unit === 'month'
      ? t('price_per_month', { price: amount })
      : product.unit === 'hour'
        ? t('price_per_hour', { price: amount })
        : amount;
  return product.type === 'demand' ? t('budget_amount', { price }) : price;
}
