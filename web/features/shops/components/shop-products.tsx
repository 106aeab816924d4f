import { useTranslation } from '../../../lib/use-translation';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import type { ProductType } from '../../../../shared/schemas/products';
import { EmptyState } from '../../../components/empty-state';
import { EndOfList } from '../../../components/end-of-list';
import { FormAlert } from '../../../components/form-field';
import { Loader } from '../../../components/loader';
import { CardIslands, OfferCard } from '../../products';
import { Pagination } from '../../../components/pagination';
import { formErrorsOf } from '../../../lib/form-errors';
import { useShopProducts } from '../api/shop-products';
import './shop-products.css';

/** The first cards of a page load their image at once, the rest lazily. */
const EAGER_CARDS = 4;

interface ShopProductsProps {
  shopId: number;
  type: ProductType;
  page: number;
  hrefFor: (page: number) => string;
}

/** A shop's offers or demands (SPEC §7: POST /products/shop/{id}/search), a page at a time. */
export function ShopProducts({ shopId, type, page, hrefFor }: ShopProductsProps) {
  const { t } = useTranslation();
  const products = useShopProducts(shopId, type, page);

  if (products.isPending) return <Loader block />;
  if (products.isError) {
    return <FormAlert messages={formErrorsOf(products.error, []).general} />;
  }
  const list = products.data;
  if (!list.data.length) {
    return (
      <EmptyState
        title={
          page > 1 ? t('no_results') : type === 'offer' ? t('shop_no_offers') : t('shop_no_demands')
        }
      />
    );
  }
  return (
    <div className="shop-products" aria-busy={products.isPlaceholderData}>
      {/* The cards' buttons are islands: the page's first view hydrates only them. */}
      <CardIslands.Provider value={true}>
        <ul className="product-grid">
          {list.data.map((product, index) => (
            <li key={product.id} className="product-grid__item">
              <OfferCard product={product} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      </CardIslands.Provider>
      <Pagination
        currentPage={list.current_page}
        lastPage={list.last_page}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={hrefFor}
      />
      {list.current_page >= list.last_page && <EndOfList />}
    </div>
  );
}
