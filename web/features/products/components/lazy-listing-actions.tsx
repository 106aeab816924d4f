import { lazy, Suspense } from 'react';
import { afterDictionary } from '../../../lib/i18n';
import type { ListingItem } from './listing-actions';

// The owner's controls of an offer (renew, mark sold, delete…) are shown to its shop's staff only:
// their code comes with them, not with every visitor's offer page.
const ListingActions = lazy(() =>
  afterDictionary(import('./listing-actions')).then((m) => ({ default: m.ListingActions })),
);

/** <ListingActions>, loaded when shown. */
export function LazyListingActions({ item }: { item: ListingItem }) {
  return (
    <Suspense fallback={null}>
      <ListingActions item={item} />
    </Suspense>
  );
}
