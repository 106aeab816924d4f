import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import type { ProductType } from '../../../shared/schemas/products';
import { EmptyState } from '../../components/empty-state';
import { Loader } from '../../components/loader';
import { useProduct } from './api/product';
import { productName } from '../../../shared/domain/products';
import { shopRoleOf } from '../../components/viewer';
import { HttpError } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe, type Me } from '../../lib/use-me';
import { ProductForm } from './product-form';
import './product-form-page.css';

/** Posting needs a signed-in user: an anonymous visitor signs in first and comes back. */
function useSignedIn(): Me | null | undefined {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (me === null) {
      const here = location.pathname + location.search;
      navigate(`${paths.signIn}?next=${encodeURIComponent(here)}`, { replace: true });
    }
  }, [me, navigate, location]);
  return me;
}

function FormFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="container product-form-page">
      <header className="product-form-page__header">
        <h1 className="product-form-page__title">{title}</h1>
        {intro && <p className="product-form-page__intro">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

/** /products/new/{offer|demand}. */
function NewProduct({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  return (
    <FormFrame
      title={type === 'offer' ? t('new_offer') : t('new_demand')}
      intro={type === 'offer' ? t('new_offer_intro') : t('new_demand_intro')}
    >
      <nav className="segmented" aria-label={t('listing_kind')}>
        {(['offer', 'demand'] as const).map((kind) => (
          <Link
            key={kind}
            to={paths.productNew(kind)}
            replace
            className="segmented__item"
            aria-current={kind === type ? 'page' : undefined}
          >
            {kind === 'offer' ? t('switch_to_offer') : t('switch_to_demand')}
          </Link>
        ))}
      </nav>
      {me ? <ProductForm type={type} me={me} /> : <Loader block />}
    </FormFrame>
  );
}

/** /products/edit/{id}: the shop's staff only (DESIGN §6). */
function EditProduct({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const me = useSignedIn();
  const query = useProduct(id);
  const product = query.data;
  const title = product
    ? `${product.type === 'demand' ? t('edit_demand') : t('edit_offer')}`
    : t('edit_offer');
  if (!me || query.isPending) {
    return (
      <FormFrame title={title}>
        <Loader block />
      </FormFrame>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <FormFrame title={title}>
        <EmptyState title={missing ? t('product_not_found') : t('product_load_failed')} />
      </FormFrame>
    );
  }
  if (!can.editProduct(me, shopRoleOf(me, product!.shop.id))) {
    return (
      <FormFrame title={title}>
        <EmptyState
          title={t('forbidden')}
          action={
            <Link to={paths.product(id)} className="button button--secondary">
              {t('open_product_page')}
            </Link>
          }
        />
      </FormFrame>
    );
  }
  return (
    <FormFrame title={title} intro={productName(product!, language)}>
      <ProductForm type={product!.type} me={me} product={product!} />
    </FormFrame>
  );
}

export function ProductFormPage() {
  const params = useParams();
  if (params.type === 'offer' || params.type === 'demand') {
    return <NewProduct key={params.type} type={params.type} />;
  }
  const id = Number(params.id);
  if (params.id !== undefined && Number.isInteger(id) && id > 0) {
    return <EditProduct key={id} id={id} />;
  }
  return <NotFound />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <FormFrame title={t('not_found_title')}>
      <EmptyState title={t('not_found_text')} />
    </FormFrame>
  );
}

export { ProductFormPage as Component };
