import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import {
  MY_PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type MyProductStatus,
} from '../../../shared/constants';
import { productName } from '../../../shared/domain/products';
import type { MyProduct, ProductType } from '../../../shared/schemas/products';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-field';
import { Loader } from '../../components/loader';
import { Pagination } from '../../components/pagination';
import { EditIcon, ImageIcon, TrashIcon } from '../../components/product-icons';
import { Redirect } from '../../components/redirect';
import { UserText } from '../../components/user-text';
import { formErrorsOf } from '../../lib/form-errors';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useMyProducts } from './api/listing';
import { useDeleteProduct } from './api/delete-product';
import { ListingActions } from './components/listing-actions';
import { priceText } from './components/product-text';
import './my-products-page.css';

// "My offers" (issue 32 item 4): the offers and demands of every shop the user is on the staff
// of, in tabs by state (live, expiring soon, expired, sold, hidden by moderation) with their
// counts; each with renew, bump, mark sold, edit and delete where the user may. The tab, the type
// and the page live in the URL.

const TAB_LABEL: Record<MyProductStatus, string> = {
  live: 'my_products_tab_live',
  expiring: 'my_products_tab_expiring',
  expired: 'my_products_tab_expired',
  sold: 'my_products_tab_sold',
  hidden: 'my_products_tab_hidden',
};
const EMPTY: Record<MyProductStatus, string> = {
  live: 'my_products_empty_live',
  expiring: 'my_products_empty_expiring',
  expired: 'my_products_empty_expired',
  sold: 'my_products_empty_sold',
  hidden: 'my_products_empty_hidden',
};

const isStatus = (v: string | null): v is MyProductStatus =>
  (MY_PRODUCT_STATUSES as readonly string[]).includes(v ?? '');

function hrefOf(type: ProductType, status: MyProductStatus, page = 1) {
  const query = new URLSearchParams({ type, status });
  if (page > 1) query.set('page', String(page));
  return `${paths.myProducts}?${query}`;
}

function MyProductItem({ item, onDelete }: { item: MyProduct; onDelete: (p: MyProduct) => void }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const name = productName(item, language);
  const price = priceText(item, language, t);
  const demand = item.type === 'demand';
  return (
    <li className="my-product card" data-testid="my-product">
      <Link to={paths.product(item.id)} className="my-product__main">
        <span className="my-product__image">
          {item.image ? <img src={item.image} alt="" loading="lazy" /> : <ImageIcon size={28} />}
        </span>
        <span className="my-product__text">
          <UserText text={name} className="my-product__name" />
          {price && <span className="my-product__price">{price}</span>}
        </span>
      </Link>
      {item.moderation_status !== 'visible' ? (
        <p className="my-product__hidden">{t('listing_hidden_notice')}</p>
      ) : (
        item.manageable && <ListingActions item={item} />
      )}
      <div className="my-product__tools">
        <Link to={paths.productEdit(item.id)} className="button button--ghost">
          <EditIcon size={18} />
          {demand ? t('edit_demand') : t('edit_offer')}
        </Link>
        {item.deletable && (
          <button type="button" className="button button--ghost" onClick={() => onDelete(item)}>
            <TrashIcon size={18} />
            {demand ? t('delete_demand') : t('delete_offer')}
          </button>
        )}
      </div>
    </li>
  );
}

export function MyProductsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('my_products'));
  const me = useMe();
  const [params] = useSearchParams();
  const type: ProductType = params.get('type') === 'demand' ? 'demand' : 'offer';
  const rawStatus = params.get('status');
  const status: MyProductStatus = isStatus(rawStatus) ? rawStatus : 'live';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const list = useMyProducts(type, status, page);
  const deleteProduct = useDeleteProduct();
  const [deleting, setDeleting] = useState<MyProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.myProducts)}`} />;
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setErrors([]);
    try {
      await deleteProduct(deleting.id);
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
    setBusy(false);
    setDeleting(null);
  }

  const counts = list.data?.counts;
  const products = list.data?.products;
  return (
    <div className="container my-products">
      <header className="page-header my-products__header">
        <h1 className="page-header__title">{t('my_products')}</h1>
        <nav className="segmented" aria-label={t('type_switch_label')}>
          {PRODUCT_TYPES.map((each) => (
            <Link
              key={each}
              to={hrefOf(each, status)}
              className="segmented__item"
              aria-current={each === type ? 'page' : undefined}
            >
              {t(each === 'demand' ? 'demands' : 'offers')}
            </Link>
          ))}
        </nav>
      </header>
      <nav className="my-products__tabs" aria-label={t('my_products_tabs')}>
        {MY_PRODUCT_STATUSES.map((s) => (
          <Link
            key={s}
            to={hrefOf(type, s)}
            className="my-products__tab"
            aria-current={s === status ? 'page' : undefined}
          >
            {t(TAB_LABEL[s])}
            <span className="my-products__count">{counts ? counts[s] : '…'}</span>
          </Link>
        ))}
      </nav>
      <FormAlert messages={errors} />
      {list.isPending ? (
        <Loader block />
      ) : list.isError ? (
        <FormAlert messages={formErrorsOf(list.error, []).general} />
      ) : products!.data.length === 0 ? (
        <EmptyState
          title={t(EMPTY[status])}
          action={
            <Link to={paths.productNew(type)} className="button button--primary">
              {type === 'demand' ? t('new_demand') : t('new_offer')}
            </Link>
          }
        />
      ) : (
        <>
          <ul className="my-products__list">
            {products!.data.map((item) => (
              <MyProductItem key={item.id} item={item} onDelete={setDeleting} />
            ))}
          </ul>
          <Pagination
            currentPage={products!.current_page}
            lastPage={products!.last_page}
            hrefFor={(p) => hrefOf(type, status, p)}
          />
        </>
      )}
      <ConfirmModal
        open={deleting !== null}
        busy={busy}
        title={deleting?.type === 'demand' ? t('delete_demand') : t('delete_offer')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

export { MyProductsPage as Component };
