import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/constants';
import type { ProductCard } from '../../../../shared/schemas/products';
import { PinIcon } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import { TemporaryOfferCard } from './temporary-offer-card';

/** A product of these lists: its card, and how far it is when the search was by distance. */
export function ResultCard({
  product,
  distanceKm,
}: {
  product: ProductCard;
  distanceKm?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="result-card">
      {distanceKm !== undefined && distanceKm !== null && (
        <p className="result-card__distance">
          <PinIcon size={16} />
          {t('km_away', {
            distance: formatNumber(Math.round(distanceKm * 10) / 10, language),
          })}
        </p>
      )}
      <TemporaryOfferCard product={product} />
    </div>
  );
}
