import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ShopSummary } from '../../../../shared/schemas/shops';
import { Avatar } from '../../../components/avatar';
import { CheckIcon } from '../../../components/icons';
import { UserText } from '../../../components/user-text';
import { RatingStars } from '../../../components/rating-stars';
import { paths } from '../../../lib/paths';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import './shop-card.css';

/** A shop in the home's shops tab: logo, name, professional badge, its offers and demands. */
export function ShopCard({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  return (
    <Link to={paths.shop(shop.id)} className="card shop-card">
      <span className="shop-card__cover" aria-hidden="true">
        {shop.cover_small_url && (
          <img
            src={shop.cover_small_url}
            alt=""
            width={480}
            height={80}
            loading="lazy"
            decoding="async"
          />
        )}
      </span>
      <span className="shop-card__body">
        <span className="shop-card__logo">
          <Avatar name={shop.name} photo={shop.logo_small_url} size={56} />
        </span>
        <span className="shop-card__text">
          {/* Isolated inline: a French name sits at the start of an Arabic card, not at its end. */}
          <span className="shop-card__name">
            <UserText text={shop.name} />
          </span>
          {shop.is_professional && (
            <span className="shop-card__badge">
              <CheckIcon size={14} />
              {t('professional_badge')}
            </span>
          )}
          {shop.pcategory && (
            <span className="shop-card__category">{labels.name(shop.pcategory)}</span>
          )}
          <RatingStars average={shop.rating_average} count={shop.rating_count} compact />
          <span className="shop-card__counts">
            <span>{t('offers_count', { count: shop.offers_count })}</span>
            <span>{t('demands_count', { count: shop.demands_count })}</span>
          </span>
        </span>
      </span>
    </Link>
  );
}
