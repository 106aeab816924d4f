import { can } from '../../../../shared/domain/permissions';
import type { ReactionKind } from '../../../../shared/constants';
import type { Product } from '../../../../shared/schemas/products';
import type { ReactionCounts } from '../../../../shared/schemas/reactions';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { useOrigin } from '../../../lib/use-origin';
import type { IslandComponents } from '../../../components/island';
import { ShareMenu } from '../../../components/share-menu';
import { shopRoleOf } from '../../../components/viewer';
import { sendProductEvent } from '../api/product-events';
import { OfferMedia } from './offer-media';
import { PhoneButton } from './phone-button';
import { TapPhoneButton } from './product-phone-button';
import { ReactionsBar } from './reactions-bar';
import { ReportButton } from './report-button';
import { SaveButton } from './save-button';
import { reactionCountsOf } from './reaction-counts';

// The offer view's parts a person can touch (web/components/island.tsx): on the offer page's
// first view these are all that hydrates (web/islands.tsx); their props are plain data, the least
// of the offer they need.

/** What the actions need of the offer. */
export interface OfferActionsOffer {
  id: number;
  shopId: number;
  counts: ReactionCounts;
  reaction: ReactionKind | null;
  saved: boolean;
  savedCount: number;
  reported: boolean;
}

export function offerActionsOf(product: Product): OfferActionsOffer {
  return {
    id: product.id,
    shopId: product.shop.id,
    counts: reactionCountsOf(product),
    reaction: product.reaction,
    saved: product.saved,
    savedCount: product.saved_count,
    reported: product.reported,
  };
}

/** Reactions, save, share and report (the last hidden from the shop's own staff, SPEC §6). */
function OfferActions({ offer, name }: { offer: OfferActionsOffer; name: string }) {
  const { data: me } = useMe();
  const url = `${useOrigin()}${paths.product(offer.id)}`;
  const showReport = me === null || (!!me && can.reportProduct(me, shopRoleOf(me, offer.shopId)));
  return (
    <>
      <ReactionsBar type="product" id={offer.id} counts={offer.counts} reaction={offer.reaction} />
      <SaveButton productId={offer.id} saved={offer.saved} savedCount={offer.savedCount} />
      <ShareMenu url={url} title={name} onShare={() => sendProductEvent(offer.id, 'share')} />
      {showReport && (
        <ReportButton
          productId={offer.id}
          reported={offer.reported}
          className="button button--ghost report-button"
        />
      )}
    </>
  );
}

export type OfferPhoneNumbers = Pick<
  Product['shop'],
  'phone_1' | 'phone_2' | 'first_whatsapp_number' | 'second_whatsapp_number'
>;

/**
 * Issue 29 item 2: the page carries no numbers but for the shop's staff (and site staff), who see
 * them written out; others get the button that asks on a tap.
 */
function OfferPhones({ productId, phones }: { productId: number; phones: OfferPhoneNumbers }) {
  const onAction = (kind: 'call' | 'whatsapp') => sendProductEvent(productId, kind);
  if (!phones.phone_1 && !phones.phone_2) {
    return (
      <TapPhoneButton
        source={{ kind: 'product', id: productId }}
        compact={false}
        onAction={onAction}
      />
    );
  }
  return (
    <>
      {phones.phone_1 && (
        <PhoneButton
          phone={phones.phone_1}
          whatsapp={phones.first_whatsapp_number}
          onAction={onAction}
        />
      )}
      {phones.phone_2 && (
        <PhoneButton
          phone={phones.phone_2}
          whatsapp={phones.second_whatsapp_number}
          onAction={onAction}
        />
      )}
    </>
  );
}

export const offerIslands = {
  actions: OfferActions,
  phones: OfferPhones,
  media: OfferMedia,
} satisfies IslandComponents;
