import { useTranslation } from '../../../lib/use-translation';
import { isLanguage } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/format';
import { placeName } from '../../../../shared/domain/places';
import { pricePosition, type PriceHint } from '../../../../shared/domain/price-hints';
import type { Product } from '../../../../shared/schemas/products';
import { usePriceHint, type PriceHintAsk } from '../api/price-hint';
import './price-hint.css';

// Issue 32 item 6: the typical price of similar live offers, while posting (under the price) and
// on an offer's page (where its price sits). Nothing shows while it loads, without enough
// offers, or when the ask fails: a hint is a help, never in the way.

function useRange() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const money = (amount: number) => formatNumber(amount, language);
  return {
    t,
    language,
    money: (amount: number) =>
      t('price_amount', { amount: money(amount), currency: t('currency') }),
    // In words in Arabic ("بين … و…"): a dash between two numbers reads either way in RTL text.
    range: (hint: PriceHint) =>
      t('price_range', { low: money(hint.low), high: money(hint.high), currency: t('currency') }),
  };
}

/** "Similar offers in Nouakchott: 45,000–60,000 MRU", and the middle price. */
export function PriceHintNote({ ask }: { ask: PriceHintAsk }) {
  const { t, language, money, range } = useRange();
  const { data } = usePriceHint(ask);
  const hint = data?.hint;
  return (
    <div className="price-hint" role="status" aria-live="polite">
      {hint && (
        <>
          <p className="price-hint__range">
            {hint.scope === 'town' && data.town
              ? t('price_hint_town', { town: placeName(data.town, language), range: range(hint) })
              : t('price_hint_country', { range: range(hint) })}
          </p>
          <p className="price-hint__detail">
            {t('price_hint_detail', { amount: money(hint.median) })}
          </p>
        </>
      )}
    </div>
  );
}

const POSITION_TEXT = {
  below: 'price_position_below',
  within: 'price_position_within',
  above: 'price_position_above',
} as const;

/** Below, within or above the usual range of similar offers, when the data allows. */
export function PricePosition({ product }: { product: Product }) {
  const { t, range } = useRange();
  const priced =
    product.type === 'offer' &&
    product.psubcategory.can_be_priced === 'yes' &&
    product.price !== null &&
    product.price > 0;
  const { data } = usePriceHint(
    priced
      ? {
          psubcategoryId: product.psubcategory_id,
          offerType: product.offer_type,
          latitude: product.latitude ?? product.shop.latitude,
          longitude: product.longitude ?? product.shop.longitude,
        }
      : null,
  );
  const hint = data?.hint;
  if (!priced || !hint) return null;
  const position = pricePosition(product.price!, hint);
  return (
    <p
      className={position === 'within' ? 'price-position price-position--within' : 'price-position'}
    >
      {t(POSITION_TEXT[position], { range: range(hint) })}
    </p>
  );
}
