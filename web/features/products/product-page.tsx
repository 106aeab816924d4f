import { useTranslation } from '../../lib/use-translation';
import { useParams } from 'react-router';
import { Loader } from '../../components/loader';
import { NotFound } from '../../components/not-found';
import { useOfferDetails } from './components/offer-details-modal';
import { OfferView } from './components/offer-view';
import { productName } from '../../../shared/domain/products';
import { EmptyState } from '../../components/empty-state';
import { HttpError } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import './product-page.css';
import { idParam, type PrefetchContext } from '../../lib/prefetch';
import { shopTrustQuery } from './api/shop-trust';
import { productQuery, useProduct } from './api/product';
import { similarQuery } from './api/similar';

/** SPEC §2: /products/product/{id} and /products/product/{id}/{notificationId}. */
export function ProductPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useProduct(id);
  // Similar offers open in the details modal: a look without leaving this offer.
  const details = useOfferDetails();
  useMarkNotificationRead(params.notificationId);
  useDocumentTitle(query.data ? productName(query.data, language) : undefined);

  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return <NotFound title={t('product_not_found')} />;
  }
  if (query.isPending) return <Loader block />;
  if (query.isError) {
    return (
      <div className="container">
        <EmptyState
          title={t('product_load_failed')}
          action={
            <button
              type="button"
              className="button button--primary"
              onClick={() => query.refetch()}
            >
              {t('retry')}
            </button>
          }
        />
      </div>
    );
  }
  return (
    <div className="container product-page">
      <OfferView key={query.data.id} product={query.data} onOpenSimilar={details.open} />
      {details.modal}
    </div>
  );
}

/** Server rendering: the offer (a 404 if there is none), its similar offers, its seller's trust. */
export async function prefetch({ params, client }: PrefetchContext) {
  const id = idParam(params.id);
  const [product] = await Promise.all([
    client.fetchQuery(productQuery(id)),
    client.prefetchQuery(similarQuery(id)),
  ]);
  await client.prefetchQuery(shopTrustQuery(product.shop.id));
}

export { ProductPage as Component };
