import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowStartIcon, CompassIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { useOfferDetails } from '../../components/offer-details-modal';
import { OfferView } from '../../components/offer-view';
import { useProduct } from '../../components/product-query';
import { productName } from '../../components/product-text';
import { EmptyState } from '../../components/empty-state';
import { HttpError, http } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';

/**
 * Opening the page from a notification (/products/product/{id}/{notificationId}) marks that
 * notification read (docs/notifications.md), once, for a signed-in user.
 */
function useMarkNotificationRead(notificationId: string | undefined) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const id = Number(notificationId);
  useEffect(() => {
    if (!me || !Number.isInteger(id) || id <= 0) return;
    http
      .get(`/notifications/notification/markasread/${id}`)
      .then(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }))
      .catch(() => {
        // Someone else's or deleted: the page shows the offer all the same.
      });
  }, [me, id, queryClient]);
}

function ProductNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found_title'));
  return (
    <div className="container status-page">
      <span className="status-page__icon">
        <CompassIcon size={40} />
      </span>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('product_not_found')}</h1>
      <div className="status-page__actions">
        <Link to={paths.home} className="button button--primary">
          <ArrowStartIcon size={18} />
          {t('back_home')}
        </Link>
        <Link to={paths.search} className="button button--secondary">
          {t('nav_search')}
        </Link>
      </div>
    </div>
  );
}

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
    return <ProductNotFound />;
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

export { ProductPage as Component };
