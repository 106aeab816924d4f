import { lazy, Suspense, useEffect } from 'react';
import { onFirstInput } from '../../lib/first-input';
import { afterDictionary } from '../../lib/i18n';
import { useOfferModalHistory } from '../products';

// SPEC §2: a card opens the offer details modal. The modal brings the whole offer view (slider,
// facts, share…), which no list needs before a card is opened: its code is a chunk of its own,
// fetched at the visitor's first touch (a tap's click comes a moment later) or once the page has
// settled, not while it starts.

const loadModal = () => import('../products/components/offer-details-modal');
const OfferDetailsModal = lazy(() =>
  afterDictionary(loadModal()).then((module) => ({ default: module.OfferDetailsModal })),
);

/** A visitor who reads without touching the page gets the modal's code once it has settled. */
const PRELOAD_DELAY_MS = 10_000;

export function useOfferModal() {
  const history = useOfferModalHistory();

  useEffect(() => onFirstInput(() => void loadModal().catch(() => {}), PRELOAD_DELAY_MS), []);

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
