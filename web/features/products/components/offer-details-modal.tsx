import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http';
import type { Notice } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { Loader } from '../../../components/loader';
import { Modal } from '../../../components/modal';
import { useOfferModalHistory } from './offer-history';
import { OfferView } from './offer-view';
import { useProduct } from '../api/product';
import '../../../components/modal.css';
import './offer-details-modal.css';

interface OfferDetailsModalProps {
  productId: number;
  onClose: () => void;
  /** A similar offer chosen inside: shown in the same modal. */
  onShow: (id: number) => void;
  /** The link to the offer's page was followed (it replaces the modal's history entry). */
  onToPage: () => void;
  /** The offer was deleted from the modal: closes it, saying so on the page underneath. */
  onDeleted?: (notice: Notice) => void;
}

/**
 * SPEC §2's offer details modal: loads the full offer (GET /products/product/{id}, the same cache
 * entry as its page), shows a loader meanwhile, then the full view, with a close button. A similar
 * offer chosen inside opens in the same modal.
 */
export function OfferDetailsModal({
  productId,
  onClose,
  onShow,
  onToPage,
  onDeleted,
}: OfferDetailsModalProps) {
  const { t } = useTranslation();
  const id = productId;
  const query = useProduct(id);
  return (
    <Modal
      title={query.data?.type === 'demand' ? t('demand_details') : t('offer_details')}
      onClose={onClose}
      size="large"
    >
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
            <Link
              to={paths.product(id)}
              replace
              className="offer-modal__page-link"
              onClick={onToPage}
            >
              {t('open_product_page')}
            </Link>
            <OfferView
              key={id}
              product={query.data}
              headingLevel="h2"
              onOpenSimilar={(card) => onShow(card.id)}
              onDeleted={() => {
                const demand = query.data.type === 'demand';
                if (onDeleted) onDeleted(demand ? 'notice_demand_deleted' : 'notice_offer_deleted');
                else onClose();
              }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * For pages that list offer cards: `open` goes to a card's `onOpen`, `modal` is rendered
 * anywhere in the page. The modal has its history entry (offer-history.ts).
 *
 *   const details = useOfferDetails();
 *   <OfferCard product={p} onOpen={details.open} />
 *   {details.modal}
 */
export function useOfferDetails() {
  const history = useOfferModalHistory();
  return {
    open: history.open,
    modal:
      history.openId === null ? null : (
        <OfferDetailsModal
          productId={history.openId}
          onClose={history.close}
          onShow={history.show}
          onToPage={history.toPage}
          onDeleted={history.deleted}
        />
      ),
  };
}
