// The products feature's public face (docs/web.md, "Lint zones"): what the other features (search,
// shops, comments, commands) use of it. Everything else in this folder is its own business.

export { productKeys } from './api/keys';
export { useProduct, productQuery, patchProduct } from './api/product';
export type { SaveState } from './api/favorite';
export { OfferCard } from './components/offer-card';
export { CardIslands } from './components/card-islands';
export { useOfferModalHistory } from './components/offer-history';
export { PhoneButton } from './components/phone-button';
export { TapPhoneButton } from './components/product-phone-button';
export { priceText } from './components/product-text';
export { ReactionsBar, topKinds, type ReactionState } from './components/reactions-bar';
export { LazyReportDialog as ReportDialog } from './components/lazy-report-dialog';
