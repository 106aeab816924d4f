import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ProductCard } from '../../../../shared/schemas/products';
import { isLanguage } from '../../../lib/i18n';
import { formatRentMoment } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Personal } from '../../../lib/personal';
import { Avatar } from '../../../components/avatar';
import { ProductImage } from '../../../components/product-image';
import { ImageIcon } from '../../../components/product-icons';
import {
  availableNumber,
  dealKind,
  isSoldOut,
  productName,
} from '../../../../shared/domain/products';
import { priceText } from './product-text';
import { isExpired } from '../../../../shared/domain/listing';
import { RelativeTime } from '../../../components/relative-time';
import type { SaveState } from './save-button';
import { CardFooterPart, CardToolsPart } from './card-islands';
import { UserText } from '../../../components/user-text';
import { VerifiedBadge } from '../../../components/verified-badge';
import './offer-card.css';

/** None left, in the deal's words (issue 35 item 5: a rent offer is rented out, not sold). */
const SOLD_OUT_MARK = {
  demand: 'demand_satisfied',
  rent: 'rented_out',
  sale: 'sold_out',
} as const;

interface OfferCardProps {
  product: ProductCard;
  /** Opens the details modal; without it the card links to the product page (SPEC §2). */
  onOpen?: (product: ProductCard) => void;
  /**
   * The first cards of a page: the image loads at once and first (the page's LCP candidates),
   * lazily otherwise.
   */
  eager?: boolean;
  /** The save button's answer (the saved list drops a card that is no longer saved). */
  onSaveChange?: (state: SaveState) => void;
}

/** A card is a 300 px cell of a Scroller or a grid, or the page's width less its margins on a phone. */
const CARD_SIZES = '(min-width: 600px) 300px, calc(100vw - 2rem)';
/** The card's 4:3 image box, for an image whose size is unknown. */
const CARD_BOX = { width: 480, height: 360 };

/**
 * SPEC §2's compact offer card: the shop (logo, name, phone), the posting date, the offer menu
 * (report), the name and first image, the price, whether it is still available, save and
 * reactions. 300 px wide in a Scroller, or a cell of a grid.
 */
export function OfferCard({ product, onOpen, eager = false, onSaveChange }: OfferCardProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const name = productName(product, language);
  const price = priceText(product, language, t);
  const soldOut = isSoldOut(product);
  const left = availableNumber(product);
  const href = paths.product(product.id);
  // Issue 35 item 10: a demand without a photo has no empty image box (most demands have none).
  const compact = product.type === 'demand' && !product.image;
  const open = (event: MouseEvent) => {
    if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(product);
  };

  return (
    <article className="offer-card card" aria-label={name}>
      <header className="offer-card__header">
        <Link to={paths.shop(product.shop.id)} className="offer-card__shop">
          <Avatar name={product.shop.name} photo={product.shop.logo_small_url} size={36} />
          <span className="offer-card__shop-text">
            <UserText text={product.shop.name} className="offer-card__shop-name" />
            <VerifiedBadge verifiedAt={product.shop.phone_verified_at} compact />
            <RelativeTime date={product.created_at} className="offer-card__date" />
          </span>
        </Link>
        <Personal item={product} shared>
          {(own) => <CardToolsPart product={own} />}
        </Personal>
      </header>
      <Link to={href} className="offer-card__main" onClick={open}>
        <span
          className={compact ? 'offer-card__media offer-card__media--none' : 'offer-card__media'}
        >
          {product.image ? (
            <ProductImage
              file={product.image_file ?? { url: product.image, small_url: product.image }}
              alt={name}
              sizes={CARD_SIZES}
              priority={eager}
              fallbackSize={CARD_BOX}
            />
          ) : compact ? null : (
            <span className="offer-card__no-image">
              <ImageIcon size={40} />
            </span>
          )}
          <span className="offer-card__type">{t(product.type)}</span>
        </span>
        <UserText as="h3" text={name} className="offer-card__name" />
      </Link>
      <div className="offer-card__facts">
        {price && <p className="offer-card__price">{price}</p>}
        {soldOut ? (
          <span className="offer-card__mark offer-card__mark--sold">
            {t(SOLD_OUT_MARK[dealKind(product)])}
          </span>
        ) : product.expires_at && isExpired({ expires_at: product.expires_at }) ? (
          // Issue 32: a saved offer that ended stays in the saved list, marked.
          <span className="offer-card__mark offer-card__mark--sold">{t('listing_expired')}</span>
        ) : left === 0 && product.available_from ? (
          // Issue 32 item 7: every unit rented out, as the offer's page says it.
          <span className="offer-card__mark offer-card__mark--sold">
            {t('available_from', {
              date: formatRentMoment(product.available_from, product.unit, language),
            })}
          </span>
        ) : (
          <span className="offer-card__mark offer-card__mark--available">
            {product.type === 'demand'
              ? t('demand_open')
              : left > 1
                ? t('available_count', { count: left })
                : t('available')}
          </span>
        )}
      </div>
      <Personal item={product} shared>
        {(own) => <CardFooterPart product={own} onSaveChange={onSaveChange} />}
      </Personal>
    </article>
  );
}
