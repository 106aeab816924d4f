import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '../../../../shared/constants';
import type { ProductCard } from '../../../../shared/schemas/products';
import { PinIcon } from '../../../components/icons';
import { OfferCard, type SaveState } from '../../products';
import { formatNumber } from '../../../lib/format';
import './result-card.css';

interface ResultCardProps {
  product: ProductCard;
  /** km from the searcher, shown above the card (a search by distance). */
  distanceKm?: number | null;
  eager?: boolean;
  onSaveChange?: (state: SaveState) => void;
  /** Opens the offer details modal (SPEC §2); without it the card links to the product page. */
  onOpen?: (product: ProductCard) => void;
}

/** '350 m' under a kilometre (10 m steps), '2.4 km' under ten, whole kilometres beyond. */
export function distanceText(km: number, language: Language, t: TFunction): string {
  if (km < 1) {
    const metres = Math.max(10, Math.round((km * 1000) / 10) * 10);
    return t('m_away', { distance: formatNumber(metres, language) });
  }
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return t('km_away', { distance: formatNumber(rounded, language) });
}

/** A product of these lists: the shared offer card, and how far it is when searching by distance. */
export function ResultCard({ product, distanceKm, eager, onSaveChange, onOpen }: ResultCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="result-card">
      {distanceKm !== undefined && distanceKm !== null && (
        <p className="result-card__distance">
          <PinIcon size={16} />
          {distanceText(distanceKm, language, t)}
        </p>
      )}
      <OfferCard product={product} eager={eager} onSaveChange={onSaveChange} onOpen={onOpen} />
    </div>
  );
}
