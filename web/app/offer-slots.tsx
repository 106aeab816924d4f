import { lazy, Suspense } from 'react';
import { afterDictionary } from '../lib/i18n';
import { Loader } from '../components/loader';
import type { OfferSlots } from '../features/products/components/offer-slots';
import { Personal } from '../lib/personal';
import { deferredPart } from './deferred-part';
// The tabs' HTML comes with the page (the server renders them) and shows before their code arrives,
// or without JavaScript: the sign-in prompt's button must wrap there as it does once they run (it
// is wider than a 320 px phone in French).
import '../features/comments/components/sign-in-prompt.css';

// The app composes what features cannot import from each other (docs/products-ui.md): the full
// offer view, on its page and in the details modal, shows the conversations feature's tabs and
// the shop's map. Each tab, and the map, is its own chunk, fetched when shown; the tabs, below the
// fold, when they come near the screen or the visitor acts (./deferred-part.tsx).
const CommentsTab = deferredPart(() =>
  afterDictionary(import('../features/comments/comments-tab')).then((m) => m.CommentsTab),
);
const ShopMap = lazy(() =>
  afterDictionary(import('../components/shop-map')).then((m) => ({ default: m.ShopMap })),
);
const CommandsTab = deferredPart(() =>
  afterDictionary(import('../features/commands/commands-tab')).then((m) => m.CommandsTab),
);

export const offerSlots: OfferSlots = {
  // The tabs hold the visitor's forms and own messages (lib/personal.tsx).
  comments: (product) => (
    <Personal>
      <CommentsTab productId={product.id} fallback={<Loader />} />
    </Personal>
  ),
  commands: (product) => (
    <Personal item={product}>
      {(own) => <CommandsTab product={own} fallback={<Loader />} />}
    </Personal>
  ),
  shopMap: (product) => (
    <Suspense fallback={null}>
      <ShopMap shop={product.shop} />
    </Suspense>
  ),
};
