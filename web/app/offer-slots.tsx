import { lazy, Suspense } from 'react';
import { afterDictionary } from '../lib/i18n';
import { Loader } from '../components/loader';
import type { OfferSlots } from '../features/products/components/offer-slots';

// The app composes what features cannot import from each other (docs/products-ui.md): the full
// offer view, on its page and in the details modal, shows the conversations feature's tabs and
// the shop's map. Each tab, and the map, is its own chunk, fetched when shown.
const CommentsTab = lazy(() =>
  afterDictionary(import('../features/comments/comments-tab')).then((m) => ({
    default: m.CommentsTab,
  })),
);
const ShopMap = lazy(() =>
  afterDictionary(import('../components/shop-map')).then((m) => ({ default: m.ShopMap })),
);
const CommandsTab = lazy(() =>
  afterDictionary(import('../features/commands/commands-tab')).then((m) => ({
    default: m.CommandsTab,
  })),
);

export const offerSlots: OfferSlots = {
  comments: (product) => (
    <Suspense fallback={<Loader />}>
      <CommentsTab productId={product.id} />
    </Suspense>
  ),
  commands: (product) => (
    <Suspense fallback={<Loader />}>
      <CommandsTab product={product} />
    </Suspense>
  ),
  shopMap: (product) => (
    <Suspense fallback={null}>
      <ShopMap shop={product.shop} />
    </Suspense>
  ),
};
