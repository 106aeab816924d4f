import { lazy, Suspense, useEffect, useState } from 'react';
import type { ProductCard } from '../../../shared/schemas/products';

// SPEC §2: a card opens the offer details modal. The modal brings the whole offer view (slider,
// facts, share…), which no list needs before a card is opened: its code is a chunk of its own,
// fetched in the background once the list is on screen, so the first click does not wait.

const loadModal = () => import('../../components/offer-details-modal');
const OfferDetailsModal = lazy(() =>
  loadModal().then((module) => ({ default: module.OfferDetailsModal })),
);

/** After the page's own requests, not in their way. */
const PRELOAD_DELAY_MS = 2000;

export function useOfferModal() {
  const [openId, setOpenId] = useState<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => void loadModal().catch(() => {}), PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return {
    open: (product: Pick<ProductCard, 'id'>) => setOpenId(product.id),
    isOpen: openId !== null,
    modal:
      openId === null ? null : (
        <Suspense fallback={null}>
          <OfferDetailsModal key={openId} productId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ),
  };
}
