import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/constants';
import type { ProductCard } from '../../../../shared/schemas/products';
import { PinIcon } from '../../../components/icons';
import { OfferCard } from '../../../components/offer-card';
import type { SaveState } from '../../../components/save-button';
import { formatNumber } from '../../../lib/format';

interface ResultCardProps {
  product: ProductCard;
  /** km from the searcher, shown above the card (a search by distance). */
  distanceKm?: number | null;
  eager?: boolean;
  onSaveChange?: (state: SaveState) => void;
}

/** A product of these lists: the shared offer card, and how far it is when searching by distance. */
export function ResultCard({ product, distanceKm, eager, onSaveChange }: ResultCardProps) {
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
      <OfferCard product={product} eager={eager} onSaveChange={onSaveChange} />
    </div>
  );
}
