import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { Product } from '../../../../shared/schemas/products';
import { ChevronEndIcon } from '../../../components/icons';
import { TagIcon } from '../../../components/page-icons';
import { UserText } from '../../../components/user-text';
import { ProductImage } from '../../../components/product-image';
import { formatNumber } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { productName } from '../../../../shared/domain/products';
import './product-context.css';

/** The product a single comment or command page is about, linking back to it. */
export function ProductContext({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const image = product.pfiles.find((file) => file.type === 'image');
  return (
    <Link to={paths.product(product.id)} className="product-context card">
      {image ? (
        <ProductImage
          className="product-context__image"
          file={image}
          alt=""
          sizes="64px"
          fallbackSize={{ width: 64, height: 64 }}
        />
      ) : (
        <span className="product-context__image product-context__image--none" aria-hidden="true">
          <TagIcon size={26} />
        </span>
      )}
      <span className="product-context__body">
        <span className="product-context__kind">
          {product.type === 'offer' ? t('about_offer') : t('about_demand')}
        </span>
        <span className="product-context__name">
          <UserText text={productName(product, language)} />
        </span>
        {product.price !== null && product.psubcategory.can_be_priced === 'yes' && (
          <span className="product-context__price">
            {t('price_amount', {
              amount: formatNumber(product.price, language),
              currency: t('currency'),
            })}
          </span>
        )}
      </span>
      <ChevronEndIcon size={18} className="product-context__chevron" />
    </Link>
  );
}
