import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { can } from '../../../../shared/domain/permissions';
import type { Product, ProductCard } from '../../../../shared/schemas/products';
import { formatDate, formatRentMoment } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { withNotice } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { Loader } from '../../../components/loader';
import { OfferCard } from './offer-card';
import { OfferFacts } from './offer-facts';
import { PricePosition } from './price-hint';
import { useOfferSlots } from './offer-slots';
import { CountPanel, OfferTabs } from './offer-tabs';
import { sendProductEvent } from '../api/product-events';
import { EditIcon, TrashIcon } from '../../../components/product-icons';
import { useDeleteProduct } from '../api/delete-product';
import { useSimilar } from '../api/similar';
import { dealKind, isSoldOut, productInfos, productName } from '../../../../shared/domain/products';
import { priceText } from './product-text';
import { ReadMore } from '../../../components/read-more';
import { RelativeTime } from '../../../components/relative-time';
import { SellerTrust } from './seller-trust';
import { ModerationNotice } from './moderation-notice';
import { LazyListingActions as ListingActions } from './lazy-listing-actions';
import { isExpired } from '../../../../shared/domain/listing';
import { Scroller } from '../../../components/scroller';
import { Island } from '../../../components/island';
import { offerActionsOf, offerIslands } from './offer-islands';
import { UserText } from '../../../components/user-text';
import { shopRoleOf } from '../../../components/viewer';
import './offer-view.css';

/** None left, in the deal's words (issue 35 item 5: a rent offer is rented out, not sold). */
const SOLD_OUT_NOTICE = {
  demand: 'demand_bought',
  rent: 'product_rented',
  sale: 'product_sold',
} as const;
import { Personal } from '../../../lib/personal';

interface OfferViewProps {
  product: Product;
  /** The name is the page's h1 on the product page, an h2 inside the modal. */
  headingLevel?: 'h1' | 'h2';
  /** A similar offer was chosen (the modal shows it in place); links to its page otherwise. */
  onOpenSimilar?: (card: ProductCard) => void;
  /** Called after the offer was deleted (the page goes home, the modal closes). */
  onDeleted?: () => void;
}

/**
 * SPEC §2's full offer view: shop header and date, name, price, facts, more infos, the slider,
 * save, reactions, share, report, the shop's map (supplied by the shops feature), the comments and
 * commands tabs, and similar offers. Used by the product page and the details modal.
 */
export function OfferView({
  product,
  headingLevel = 'h1',
  onOpenSimilar,
  onDeleted,
}: OfferViewProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const slots = useOfferSlots();
  const name = productName(product, language);
  const infos = productInfos(product, language);
  const priced = product.psubcategory.can_be_priced === 'yes';
  const price = priced ? priceText(product, language, t) : null;
  const shop = product.shop;
  // SPEC §9: professional shops show the updated date, other shops the created date.
  const date = shop.is_professional ? product.updated_at : product.created_at;
  const soldOut = isSoldOut(product);
  // Issue 32: past its end, the page stays (for its owner to renew) with a notice and similar live offers.
  const expired = !!product.expires_at && isExpired({ expires_at: product.expires_at });
  const Heading = headingLevel;
  const map = shop.is_professional && shop.latitude !== null && shop.longitude !== null;
  // Issue 19 item 6: the shop's insights count a view each time the page or the modal opens
  // (the server keeps one per visitor and day, and ignores robots and the shop's own staff).
  useEffect(() => sendProductEvent(product.id, 'view'), [product.id]);

  return (
    <article className="offer-view">
      <ModerationNotice moderation={product.moderation} />
      <header className="offer-view__shop">
        <Link to={paths.shop(shop.id)} className="offer-view__shop-link">
          <Avatar name={shop.name} photo={shop.logo_small_url} size={48} />
          <span className="offer-view__shop-text">
            <UserText text={shop.name} className="offer-view__shop-name" />
            <span className="offer-view__date">
              {shop.is_professional ? t('updated_on') : t('posted_on')} <RelativeTime date={date} />
            </span>
          </span>
        </Link>
        {(shop.phone_1 || shop.phone_2 || shop.has_phone) && (
          <Island
            of={offerIslands}
            name="phones"
            className="offer-view__phones"
            props={{
              productId: product.id,
              phones: {
                phone_1: shop.phone_1,
                phone_2: shop.phone_2,
                first_whatsapp_number: shop.first_whatsapp_number,
                second_whatsapp_number: shop.second_whatsapp_number,
              },
            }}
          />
        )}
      </header>
      <SellerTrust shopId={shop.id} />

      <div className="offer-view__layout">
        <Island
          key={`${product.id}:${product.pfiles.map((f) => f.id).join(',')}`}
          of={offerIslands}
          name="media"
          className="offer-view__media"
          props={{ files: product.pfiles, name, placeholder: product.type !== 'demand' }}
        />

        <div className="offer-view__body">
          <div className="offer-view__title-row">
            <span className="offer-view__type">{t(product.type)}</span>
            <time className="offer-view__full-date" dateTime={date}>
              {formatDate(date, language)}
            </time>
          </div>
          <UserText as={Heading} text={name} className="offer-view__name" />
          {price && (
            <p className="offer-view__price">
              {price}
              {product.negotiable === 'yes' && (
                <span className="offer-view__negotiable">{t('negotiable')}</span>
              )}
            </p>
          )}
          <PricePosition product={product} />
          {soldOut && (
            <p className="offer-view__sold" role="status">
              {t(SOLD_OUT_NOTICE[dealKind(product)])}
            </p>
          )}
          {/* Issue 32 item 7: every unit rented out, until the first comes back. */}
          {!soldOut && product.available_number === 0 && product.available_from && (
            <p className="offer-view__sold" role="status">
              {t('available_from', {
                date: formatRentMoment(product.available_from, product.unit, language),
              })}
            </p>
          )}
          {expired && (
            <p className="offer-view__expired" role="status">
              {t(product.type === 'demand' ? 'listing_expired_demand' : 'listing_expired_offer')}{' '}
              <a href="#similar">
                {t(product.type === 'demand' ? 'similar_demands' : 'similar_offers')}
              </a>
            </p>
          )}

          {/* A plain user's actions show their marks alone (the shop's staff see the page whole). */}
          <Personal item={product} shared>
            {(own) => <OfferActions product={own} name={name} onDeleted={onDeleted} />}
          </Personal>

          <OfferFacts product={product} />

          {infos && (
            <section className="offer-view__infos">
              <h2 className="offer-view__section-title">{t('more_infos')}</h2>
              <ReadMore text={infos} />
            </section>
          )}
        </div>
      </div>

      {map && slots.shopMap && (
        <section className="offer-view__map" data-slot="shop-map">
          <h2 className="offer-view__section-title">{t('product_location')}</h2>
          {slots.shopMap(product)}
        </section>
      )}

      <OfferTabs
        type={product.type}
        commentsCount={product.comments_count}
        commandsCount={product.commands_count}
        comments={
          slots.comments?.(product) ?? (
            <CountPanel kind="comments" type={product.type} count={product.comments_count} />
          )
        }
        commands={
          slots.commands?.(product) ?? (
            <CountPanel kind="commands" type={product.type} count={product.commands_count} />
          )
        }
      />

      <SimilarOffers product={product} onOpen={onOpenSimilar} />
    </article>
  );
}

/**
 * Reactions, save, share and report (an island: offer-islands.tsx), then the staff's and the
 * owner's actions: the visitor's own (lib/personal.tsx), with the visitor's marks on `product`.
 */
function OfferActions({
  product,
  name,
  onDeleted,
}: {
  product: Product;
  name: string;
  onDeleted?: () => void;
}) {
  const { data: me } = useMe();
  const role = shopRoleOf(me, product.shop.id);
  return (
    <>
      <Island
        of={offerIslands}
        name="actions"
        className="offer-view__actions"
        props={{ offer: offerActionsOf(product), name }}
      />
      <StaffActions product={product} onDeleted={onDeleted} />
      {can.manageListing(me, role, product) && <ListingActions item={product} />}
    </>
  );
}

/** Edit and delete, for the shop's staff (DESIGN §6: deleting needs a manager or site staff). */
function StaffActions({ product, onDeleted }: { product: Product; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const deleteProduct = useDeleteProduct();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const role = shopRoleOf(me, product.shop.id);
  const edit = can.editProduct(me, role);
  const remove = can.deleteProduct(me, role);
  if (!edit && !remove) return null;

  async function onDelete() {
    setBusy(true);
    try {
      await deleteProduct(product.id, () => setConfirming(false));
      if (onDeleted) onDeleted();
      else
        navigate(paths.home, {
          replace: true,
          state: withNotice(demand ? 'notice_demand_deleted' : 'notice_offer_deleted'),
        });
    } catch {
      // SPEC §8: a failed delete stops the loading indicator, with no message.
      setBusy(false);
      setConfirming(false);
    }
  }

  const demand = product.type === 'demand';
  return (
    <div className="offer-view__staff">
      {edit && (
        <Link to={paths.productEdit(product.id)} className="button button--secondary">
          <EditIcon size={18} />
          {demand ? t('edit_demand') : t('edit_offer')}
        </Link>
      )}
      {remove && (
        <button
          type="button"
          className="button button--ghost offer-view__delete"
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-busy={busy}
        >
          <TrashIcon size={18} />
          {demand ? t('delete_demand') : t('delete_offer')}
        </button>
      )}
      <ConfirmModal
        open={confirming}
        busy={busy}
        title={demand ? t('delete_demand') : t('delete_offer')}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </div>
  );
}

/** GET /products/similar/{id}: cards in a scroller (SPEC §2). */
function SimilarOffers({
  product,
  onOpen,
}: {
  product: Product;
  onOpen?: (card: ProductCard) => void;
}) {
  const { t } = useTranslation();
  const similar = useSimilar(product.id);
  // Similar items are of the product's own type (issue 35 item 6: a demand's are demands).
  const demand = product.type === 'demand';
  const title = demand ? t('similar_demands') : t('similar_offers');
  return (
    <section className="offer-view__similar" id="similar">
      <h2 className="offer-view__section-title">{title}</h2>
      {similar.isPending ? (
        <Loader block />
      ) : similar.isError ? (
        <EmptyState title={demand ? t('similar_demands_failed') : t('similar_failed')} />
      ) : similar.data.length === 0 ? (
        <EmptyState title={demand ? t('no_similar_demands') : t('no_similar')} />
      ) : (
        <Scroller label={title}>
          {similar.data.map((card) => (
            <OfferCard key={card.id} product={card} onOpen={onOpen} />
          ))}
        </Scroller>
      )}
    </section>
  );
}
