import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../../../shared/constants';
import type { ProductCard } from '../../../../shared/schemas/products';
import { UserText } from '../../../components/user-text';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';

// TEMPORARY: stands in for the shared web/components/offer-card.tsx (built by the products
// engineer) until it is merged to main; then every list here renders OfferCard instead and this
// file goes. It shows just enough to find and open an offer: image, name, price, shop.

export function TemporaryOfferCard({ product }: { product: ProductCard }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const name = (language === 'ar' ? product.name_ar : product.name_fr) || product.name;
  const price =
    product.price === null
      ? null
      : t('price_amount', {
          amount: formatNumber(product.price, language),
          currency: t('currency'),
        });
  return (
    <article className="card temp-card">
      <Link to={paths.product(product.id)} className="temp-card__link">
        <div className="temp-card__image">
          {product.image && <img src={product.image} alt="" loading="lazy" />}
          {product.sold && <span className="temp-card__sold">{t('sold_out')}</span>}
        </div>
        <UserText as="h3" className="temp-card__name" text={name} />
      </Link>
      <p className="temp-card__meta">
        {price && <span className="temp-card__price">{price}</span>}
        <UserText className="temp-card__shop" text={product.shop.name} />
      </p>
    </article>
  );
}
