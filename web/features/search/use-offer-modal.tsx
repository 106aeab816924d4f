import { lazy, Suspense, useEffect } from 'react';
import { afterDictionary } from '../../lib/i18n';
import { useOfferModalHistory } from '../products';

// SPEC §2: a card opens the offer details modal. The modal brings the whole offer view (slider,
// facts, share…), which no list needs before a card is opened: its code is a chunk of its own,
// fetched in the background once the list is on screen, so the first click does not wait.

const loadModal = () => import('../products/components/offer-details-modal');
const OfferDetailsModal = lazy(() =>
  afterDictionary(loadModal()).then((module) => ({ default: module.OfferDetailsModal })),
);

/** After the page's own requests, not in their way. */
const PRELOAD_DELAY_MS = 2000;

export function useOfferModal() {
  const history = useOfferModalHistory();

  useEffect(() => {
    const timer = setTimeout(() => void loadModal().catch(() => {}), PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return {
    open: history.open,
    isOpen: history.openId !== null,
    modal:
      history.openId === null ? null : (
        <Suspense fallback={null}>
          <OfferDetailsModal
            productId={history.openId}
            onClose={history.close}
            onShow={history.show}
            onToPage={history.toPage}
            onDeleted={history.deleted}
          />
        </Suspense>
      ),
  };
}
