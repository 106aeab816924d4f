import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HttpError } from '../lib/http';
import { paths } from '../lib/paths';
import { EmptyState } from './empty-state';
import { Loader } from './loader';
import { Modal } from './modal';
import { OfferView } from './offer-view';
import { useProduct } from './product-query';

interface OfferDetailsModalProps {
  productId: number;
  onClose: () => void;
}

/**
 * SPEC §2's offer details modal: loads the full offer (GET /products/product/{id}, the same cache
 * entry as its page), shows a loader meanwhile, then the full view, with a close button. A similar
 * offer chosen inside opens in the same modal.
 */
export function OfferDetailsModal({ productId, onClose }: OfferDetailsModalProps) {
  const { t } = useTranslation();
  const [id, setId] = useState(productId);
  const query = useProduct(id);
  return (
    <Modal title={t('offer_details')} onClose={onClose} size="large">
      <div className="offer-modal">
        {query.isPending ? (
          <Loader block />
        ) : query.isError ? (
          <EmptyState
            title={
              query.error instanceof HttpError && query.error.status === 404
                ? t('product_not_found')
                : t('product_load_failed')
            }
          />
        ) : (
          <>
            <Link to={paths.product(id)} className="offer-modal__page-link" onClick={onClose}>
              {t('open_product_page')}
            </Link>
            <OfferView
              key={id}
              product={query.data}
              headingLevel="h2"
              onOpenSimilar={(card) => setId(card.id)}
              onDeleted={onClose}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * For pages that list offer cards: `open` goes to a card's `onOpen`, `modal` is rendered
 * anywhere in the page.
 *
 *   const details = useOfferDetails();
 *   <OfferCard product={p} onOpen={details.open} />
 *   {details.modal}
 */
export function useOfferDetails() {
  const [openId, setOpenId] = useState<number | null>(null);
  return {
    open: (product: { id: number }) => setOpenId(product.id),
    close: () => setOpenId(null),
    modal:
      openId === null ? null : (
        <OfferDetailsModal key={openId} productId={openId} onClose={() => setOpenId(null)} />
      ),
  };
}
