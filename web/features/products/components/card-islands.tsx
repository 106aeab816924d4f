import { createContext, useContext } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { can } from '../../../../shared/domain/permissions';
import type { ReactionKind } from '../../../../shared/constants';
import type { ProductCard } from '../../../../shared/schemas/products';
import type { ReactionCounts } from '../../../../shared/schemas/reactions';
import { useMe } from '../../../lib/use-me';
import { Island, type IslandComponents } from '../../../components/island';
import { Popover } from '../../../components/popover';
import { MoreIcon } from '../../../components/product-icons';
import { shopRoleOf } from '../../../components/viewer';
import { ProductPhoneButton } from './product-phone-button';
import { ReactionsBar } from './reactions-bar';
import { ReportButton } from './report-button';
import { SaveButton, type SaveState } from './save-button';
import { reactionCountsOf } from './reaction-counts';

// The offer card's parts a person can touch (web/components/island.tsx, docs/performance.md
// "Islands on home, search and shop"): its phone and menu, its reactions and save. On the pages
// that say so (`CardIslands`: the home page's tabs, the search page, the shop page) they are
// islands, and the first view of such a page hydrates only them (web/islands.tsx); elsewhere they
// are the card's plain parts. Their props are plain data, the least of the card they need: a page
// has many cards.

/** True under a page whose cards' buttons are islands. */
export const CardIslands = createContext(false);

/** What the card's phone and menu need. */
export interface CardToolsOffer {
  id: number;
  shopId: number;
  hasPhone: boolean;
  reported: boolean;
}

/** The card's phone and menu (report). */
function CardTools({ offer }: { offer: CardToolsOffer }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const role = shopRoleOf(me, offer.shopId);
  // SPEC §6: report is hidden from the shop's staff; anonymous visitors see it and are sent to sign in.
  const showReport = me === null || (!!me && can.reportProduct(me, role));
  return (
    <>
      {offer.hasPhone && <ProductPhoneButton productId={offer.id} />}
      {showReport && (
        <Popover label={t('offer_menu')} trigger={<MoreIcon size={20} />}>
          {(close) => (
            <ul className="menu-list">
              <li>
                <ReportButton productId={offer.id} reported={offer.reported} onDone={close} />
              </li>
            </ul>
          )}
        </Popover>
      )}
    </>
  );
}

/** What the card's reactions and save need. */
export interface CardFooterOffer {
  id: number;
  counts: ReactionCounts;
  reaction: ReactionKind | null;
  saved: boolean;
  savedCount: number;
}

/** The card's reactions and save, with the visitor's marks. */
function CardFooter({
  offer,
  onSaveChange,
}: {
  offer: CardFooterOffer;
  onSaveChange?: (state: SaveState) => void;
}) {
  return (
    <>
      <ReactionsBar
        type="product"
        id={offer.id}
        counts={offer.counts}
        reaction={offer.reaction}
        compact
      />
      <SaveButton
        productId={offer.id}
        saved={offer.saved}
        savedCount={offer.savedCount}
        onChange={onSaveChange}
        compact
      />
    </>
  );
}

export const cardIslands = {
  'card-tools': CardTools,
  'card-footer': CardFooter,
} satisfies IslandComponents;

/** The card's phone and menu: an island where the page says so. */
export function CardToolsPart({ product }: { product: ProductCard }) {
  const offer: CardToolsOffer = {
    id: product.id,
    shopId: product.shop.id,
    hasPhone: product.shop.has_phone,
    reported: product.reported,
  };
  const className = 'offer-card__tools';
  if (useContext(CardIslands)) {
    return <Island of={cardIslands} name="card-tools" className={className} props={{ offer }} />;
  }
  return (
    <div className={className}>
      <CardTools offer={offer} />
    </div>
  );
}

/**
 * The card's reactions and save: an island where the page says so, unless the page is told of
 * each save (a function is no island's prop: the saved list drops what is no longer saved).
 */
export function CardFooterPart({
  product,
  onSaveChange,
}: {
  product: ProductCard;
  onSaveChange?: (state: SaveState) => void;
}) {
  const offer: CardFooterOffer = {
    id: product.id,
    counts: reactionCountsOf(product),
    reaction: product.reaction,
    saved: product.saved,
    savedCount: product.saved_count,
  };
  const className = 'offer-card__footer';
  if (useContext(CardIslands) && !onSaveChange) {
    return <Island of={cardIslands} name="card-footer" className={className} props={{ offer }} />;
  }
  return (
    <div className={className}>
      <CardFooter offer={offer} onSaveChange={onSaveChange} />
    </div>
  );
}
