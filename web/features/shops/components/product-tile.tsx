import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductCard } from '../../../../shared/schemas/products';
import { ImageIcon } from '../../../components/icons';
import { UserText } from '../../../components/user-text';
import { formatNumber } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

// A stand-in for the shared compact offer card (web/components/offer-card.tsx, being built by the
// products engineer): name, first image, price, link to the product page. Replaced by OfferCard
// once it is on main.

export function ProductTile({ product }: { product: ProductCard }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const name = (language === 'ar' ? product.name_ar : product.name_fr) || product.name;
  return (
    <article className="card product-tile">
      <Link to={paths.product(product.id)} className="product-tile__link">
        <div className="product-tile__image">
          {product.image ? <img src={product.image} alt="" loading="lazy" /> : <ImageIcon />}
        </div>
        <div className="product-tile__body">
          <UserText as="h3" className="product-tile__name" text={name} />
          {product.price !== null && (
            <p className="product-tile__price">
              {t('price_amount', {
                amount: formatNumber(product.price, language),
                currency: t('currency'),
              })}
            </p>
          )}
        </div>
      </Link>
    </article>
  );
}
